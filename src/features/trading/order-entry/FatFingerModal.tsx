import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { PageModal } from '../modals/PageModal.tsx';
import { formatAmount, formatAssetAmount, formatPrice } from '../../../lib/format/index.ts';
import type { FatFingerBreach } from './fat-finger.ts';

const pct = (d: Decimal | number): string => `${new Decimal(d).toFixed(2, Decimal.ROUND_HALF_UP)}%`;

/**
 * The fat-finger guard's second confirmation (contract/rules.ts `DEFAULT_ORDER_GUARD`): the order price, the mark (or
 * last price), the deviation, the order's value and the account's limits; the order goes only on its confirm button,
 * whether or not the order confirmation is on.
 */
export function FatFingerModal(props: {
  breach: FatFingerBreach | null;
  rules: { market: 'spot' | 'usdm'; quoteAsset: string; tickSize: string };
  sending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { breach, rules, sending, onClose, onConfirm } = props;
  const { t } = useTranslation('risk');
  const reference = rules.market === 'usdm' ? 'mark' : 'last';
  return (
    <PageModal
      visible={breach !== null}
      title={t('fatFinger.title')}
      onClose={onClose}
      onConfirm={onConfirm}
      confirmText={t('fatFinger.place')}
      closeText={t('fatFinger.cancel')}
      confirmDisabled={sending}
      className="td-of-confirm td-of-fat-finger"
    >
      {breach && (
        <div data-testid="fat-finger">
          <p>{t('fatFinger.lead')}</p>
          {breach.bandBreached && breach.deviationPct && (
            <p role="alert" data-testid="fat-finger-band">
              {t('fatFinger.bandBreached', { deviation: pct(breach.deviationPct), reference: t(`fatFinger.reference.${reference}`), band: pct(breach.bandPct ?? 0) })}
            </p>
          )}
          {breach.notionalBreached && (
            <p role="alert" data-testid="fat-finger-notional">
              {t('fatFinger.notionalBreached', { limit: formatAmount(breach.maxNotional ?? 0, 0) })}
            </p>
          )}
          <dl className="td-of-summary">
            <dt>{t('fatFinger.orderPrice')}</dt>
            <dd data-testid="fat-finger-price">{breach.price ? `${formatPrice(breach.price.toFixed(), rules.tickSize)} ${rules.quoteAsset}` : t('fatFinger.market')}</dd>
            <dt>{t(`fatFinger.reference.${reference}Label`)}</dt>
            <dd data-testid="fat-finger-mark">{breach.mark ? `${formatPrice(breach.mark.toFixed(), rules.tickSize)} ${rules.quoteAsset}` : '--'}</dd>
            <dt>{t('fatFinger.deviation')}</dt>
            <dd data-testid="fat-finger-deviation">{breach.deviationPct ? pct(breach.deviationPct) : '--'}</dd>
            <dt>{t('fatFinger.band')}</dt>
            <dd>{breach.bandPct === null ? t('fatFinger.off') : pct(breach.bandPct)}</dd>
            <dt>{t('fatFinger.notional')}</dt>
            <dd data-testid="fat-finger-notional-value">
              {breach.notional ? `${formatAssetAmount(breach.notional.toFixed(), rules.quoteAsset)} ${rules.quoteAsset}` : '--'}
              {breach.notionalUsdt && rules.quoteAsset !== 'USDT' ? ` ≈ ${formatAmount(breach.notionalUsdt.toFixed(), 2)} USDT` : ''}
            </dd>
            <dt>{t('fatFinger.limit')}</dt>
            <dd data-testid="fat-finger-limit">{breach.maxNotional === null ? t('fatFinger.off') : `${formatAmount(breach.maxNotional, 0)} USDT`}</dd>
          </dl>
        </div>
      )}
    </PageModal>
  );
}
