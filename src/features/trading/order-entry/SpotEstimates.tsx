import type Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { PLACEHOLDER, formatAssetAmount } from '../../../lib/format/index.ts';
import type { Direction } from './form-state.ts';
import { decimalOrNull, spotCost } from './spot-fee.ts';
import type { BalanceContext, PairRules } from './validate.ts';

/** Before submitting a spot order: its total and its estimated fee (spot-fee.ts). */
export function SpotEstimates(props: { rules: PairRules; direction: Direction; ctx: BalanceContext; price: Decimal | null; volume: string }) {
  const { rules, direction, ctx, price, volume } = props;
  const { t } = useTranslation('orders');
  const { total, fee, feeAsset } = spotCost(direction, price, decimalOrNull(volume), ctx.takerFeeRate, rules);
  return (
    <dl className="td-of-estimates td-of-estimates--spot" data-testid="order-estimates">
      <div>
        <dt>{t('form.totalLabel')}</dt>
        <dd data-testid="order-total">{total ? `${formatAssetAmount(total, rules.quoteAsset)} ${rules.quoteAsset}` : PLACEHOLDER}</dd>
      </div>
      <div>
        <dt>{t('form.estFee')}</dt>
        <dd data-testid="order-fee">{total && fee ? `${formatAssetAmount(fee, feeAsset)} ${feeAsset}` : PLACEHOLDER}</dd>
      </div>
    </dl>
  );
}
