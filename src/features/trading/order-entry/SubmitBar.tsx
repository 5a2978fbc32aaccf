import { useTranslation } from 'react-i18next';
import type { Direction } from './form-state.ts';
import { sideLabel } from './order-request.ts';

/** The exchange's refusal of the last order, then the submit button (or why there is none). */
export function SubmitBar(props: { refused: string | null; blockedText: string | null; futures: boolean; direction: Direction; reduceOnly: boolean; baseAsset: string; sending: boolean }) {
  const { refused, blockedText, futures, direction, reduceOnly, baseAsset, sending } = props;
  const { t } = useTranslation('orders');
  return (
    <>
      {refused && (
        <p className="td-of-error td-of-refused" role="alert" data-testid="order-refused">
          {t(refused)}
        </p>
      )}
      {blockedText ? (
        <p className="td-of-blocked" data-testid="order-blocked">
          {blockedText}
        </p>
      ) : (
        <button type="submit" className={`td-of-submit td-of-submit--${direction}`} data-testid="order-submit" disabled={sending}>
          {futures ? t(sideLabel('usdm', direction, reduceOnly)) : t(direction === 'buy' ? 'form.submitBuy' : 'form.submitSell', { asset: baseAsset })}
        </button>
      )}
    </>
  );
}
