import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction, FormAction } from './form-state.ts';
import { sideLabel } from './order-request.ts';

/** Buy / sell (spot) or long / short (futures): a new direction clears the errors. */
export function DirectionButtons(props: { market: 'spot' | 'usdm'; direction: Direction; reduceOnly: boolean; dispatch: Dispatch<FormAction>; clearErrors: () => void }) {
  const { market, direction, reduceOnly, dispatch, clearErrors } = props;
  const { t } = useTranslation('orders');
  return (
    <div className="td-of-sides" role="group" aria-label={t('form.title')}>
      {(['buy', 'sell'] as const).map((d) => (
        <button
          key={d}
          type="button"
          className={`td-of-side td-of-side--${d}`}
          aria-pressed={direction === d}
          data-testid={`order-direction-${d}`}
          onClick={() => {
            dispatch({ type: 'direction', direction: d });
            clearErrors();
          }}
        >
          {t(sideLabel(market, d, reduceOnly))}
        </button>
      ))}
    </div>
  );
}
