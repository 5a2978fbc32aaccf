import { useTranslation } from 'react-i18next';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { walletApi, type WhitelistState, type WithdrawRemaining } from './api.ts';

/**
 * What the coin withdraw page says of the rules beyond the spec (server/README.md "Wallet, coin side"): a new
 * address, saved or not, waits 24 hours from its first use or saving; after the whitelist is switched off, its
 * 24-hour cooling-off and when it ends; and the asset's limit of the rolling 24 hours with what is left.
 */
export function CoinWithdrawRules({ asset }: { asset: string }) {
  const whitelist = useLoad(() => walletApi.whitelist(), []);
  const left = useLoad(() => walletApi.remaining(asset), [asset]);
  return <WithdrawRulesView asset={asset} whitelist={whitelist.data} left={left.data} />;
}

export function WithdrawRulesView({ asset, whitelist, left }: { asset: string; whitelist: WhitelistState | null; left: WithdrawRemaining | null }) {
  const { t } = useTranslation('wallet');
  const time = (iso: string) => formatDateTime(iso, { zone: true });
  const value = (amount: string) => formatQuantity(amount);
  return (
    <>
      <p className="td-notice td-notice-warning" data-testid="withdraw-new-address">
        {t('withdraw.newAddress')}
      </p>
      {whitelist?.coolingOffUntil ? (
        <p className="td-notice td-notice-danger" role="status" data-testid="withdraw-cooling-off">
          {t('withdraw.coolingOff', { time: time(whitelist.coolingOffUntil) })}
        </p>
      ) : null}
      <dl className="td-wallet-facts" data-testid="withdraw-day-limit">
        <dt>{t('withdraw.dayLimit')}</dt>
        <dd data-testid="withdraw-day-limit-value">{left ? t('withdraw.dayLimitValue', { value: value(left.dailyLimit), asset }) : '--'}</dd>
        <dt>{t('withdraw.dayLeft')}</dt>
        <dd data-testid="withdraw-day-left">
          {left
            ? left.resetsAt
              ? t('withdraw.dayLeftFrees', { value: value(left.remaining), asset, time: time(left.resetsAt) })
              : t('withdraw.dayLeftValue', { value: value(left.remaining), asset })
            : '--'}
        </dd>
      </dl>
    </>
  );
}
