import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedButtons } from '../../../components/index.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import type { FormAction, PriceType } from './form-state.ts';
import type { BalanceContext } from './validate.ts';

/** The order types (spot: limit, market, stop-limit, OCO; futures adds stop-market and the trailing stop) and what the order may use. */
export function PriceTypeButtons(props: { futures: boolean; priceType: PriceType; ctx: BalanceContext; asset: string; dispatch: Dispatch<FormAction>; clearErrors: () => void }) {
  const { futures, priceType, ctx, asset, dispatch, clearErrors } = props;
  const { t } = useTranslation('orders');
  const types: readonly PriceType[] = futures ? ['limit', 'market', 'stop_limit', 'stop_market', 'trailing_stop_market'] : ['limit', 'market', 'stop_limit', 'oco'];
  return (
    <div className="td-of-types" role="group" aria-label={t('form.confirmType')}>
      <SegmentedButtons
        kind="toggles"
        options={types}
        selected={priceType}
        onSelect={(p) => {
          dispatch({ type: 'priceType', priceType: p });
          clearErrors();
        }}
        className="td-chip"
        testId={(p) => `order-type-${p}`}
        label={(p) => t(`form.type.${p}`)}
      />
      <span className="td-of-available" data-testid="order-available">
        {t('form.available')} {ctx.available === null ? '--' : formatAssetAmount(ctx.available, asset)} {asset}
      </span>
    </div>
  );
}
