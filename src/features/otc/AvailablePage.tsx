import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CONVERT_FIAT } from '../../../contract/convert-rules.ts';
import { EmptyState } from '../../components/index.ts';
import { FormMessage } from '../../components/form/index.ts';
import { amountText, usdText } from '../convert/shared.ts';
import { describeWalletError, WalletShell } from '../wallet/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import { otcApi } from './api.ts';

const isFiat = (asset: string) => (CONVERT_FIAT as readonly string[]).includes(asset);

/**
 * otcinfo/avaliable: the OTC balances (listBlockAssetBalance) — what is free in the capital account, what OTC
 * orders hold until settlement, the USD value — and the total available in USD (listUserAvailableMoney), with
 * each asset's deposit and withdrawal in this area.
 */
export default function AvailablePage() {
  const { t } = useTranslation('otc');
  const { lang } = useParams();
  const balances = useLoad(() => otcApi.balances(), [], 10_000);
  const money = useLoad(() => otcApi.availableMoney(), [], 10_000);
  const rows = balances.data ?? [];
  const error = balances.error ?? money.error;
  return (
    <WalletShell
      title={t('info.available.title')}
      actions={
        <Link className="td-button td-button-primary" to={`/${lang}/otc/form`}>
          {t('info.available.trade')}
        </Link>
      }
    >
      {error ? <FormMessage text={describeWalletError(t, error).message} /> : null}
      <dl className="td-wallet-facts td-otc-total">
        <dt>{t('info.available.total')}</dt>
        <dd data-testid="otc-total" data-usd={money.data?.totalUsd ?? ''}>
          {money.data ? t('units.usd', { value: usdText(money.data.totalUsd) }) : '--'}
        </dd>
      </dl>
      {balances.data && rows.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="td-table-scroll" tabIndex={0} role="region" aria-label={t('info.available.title')}>
          <table className="td-table" data-testid="otc-balances">
            <thead>
              <tr>
                <th scope="col">{t('info.available.asset')}</th>
                <th scope="col" className="td-num">
                  {t('info.available.free')}
                </th>
                <th scope="col" className="td-num">
                  {t('info.available.held')}
                </th>
                <th scope="col" className="td-num">
                  {t('info.available.usdValue')}
                </th>
                <th scope="col">{t('info.available.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const kind = isFiat(row.asset) ? 'fiat' : 'coin';
                return (
                  <tr key={row.asset} data-asset={row.asset}>
                    <th scope="row">{row.asset}</th>
                    <td className="td-num" data-testid="otc-free" data-amount={row.available}>
                      {amountText(row.available)}
                    </td>
                    <td className="td-num" data-testid="otc-held" data-amount={row.held}>
                      {amountText(row.held)}
                    </td>
                    <td className="td-num">{usdText(row.usdValue)}</td>
                    <td className="td-otc-row-actions">
                      <Link to={`/${lang}/otcinfo/recharge/${kind}/${row.asset}`} aria-label={t('info.available.depositAsset', { asset: row.asset })}>
                        {t('info.available.deposit')}
                      </Link>
                      <Link to={`/${lang}/otcinfo/withdraw/${kind}/${row.asset}`} aria-label={t('info.available.withdrawAsset', { asset: row.asset })}>
                        {t('info.available.withdraw')}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </WalletShell>
  );
}
