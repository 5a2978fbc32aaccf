import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CONVERT_FIAT } from '../../../contract/convert-rules.ts';
import { DataTable } from '../../components/records/index.ts';
import { FormMessage } from '../../components/form/index.ts';
import { usdText } from '../convert/shared.ts';
import { formatAssetAmount } from '../../lib/format/index.ts';
import { describeWalletError, WalletShell } from '../wallet/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import { otcApi, type OtcBalance } from './api.ts';

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
      <DataTable<OtcBalance>
        rows={rows}
        rowKey={(row) => row.asset}
        rowProps={(row) => ({ 'data-asset': row.asset })}
        testId="otc-balances"
        className="td-table"
        region={{ className: 'td-table-scroll', label: t('info.available.title') }}
        // Before the first load the table shows its headers; a loaded empty list shows the empty state.
        headersWhenEmpty={!balances.data}
        columns={[
          { id: 'asset', header: t('info.available.asset'), rowHeader: true, cell: (row) => row.asset },
          { id: 'free', header: t('info.available.free'), numeric: true, cell: (row) => formatAssetAmount(row.available, row.asset), cellProps: (row) => ({ 'data-testid': 'otc-free', 'data-amount': row.available }) },
          { id: 'held', header: t('info.available.held'), numeric: true, cell: (row) => formatAssetAmount(row.held, row.asset), cellProps: (row) => ({ 'data-testid': 'otc-held', 'data-amount': row.held }) },
          { id: 'usd', header: t('info.available.usdValue'), numeric: true, cell: (row) => usdText(row.usdValue) },
          { id: 'actions', header: t('info.available.actions'), cell: (row) => <RowActions asset={row.asset} lang={lang ?? ''} />, cellProps: () => ({ className: 'td-otc-row-actions' }) },
        ]}
      />
    </WalletShell>
  );
}

/** An asset's deposit and withdrawal in the OTC area, by its kind (fiat or coin). */
function RowActions({ asset, lang }: { asset: string; lang: string }) {
  const { t } = useTranslation('otc');
  const kind = isFiat(asset) ? 'fiat' : 'coin';
  return (
    <>
      <Link to={`/${lang}/otcinfo/recharge/${kind}/${asset}`} aria-label={t('info.available.depositAsset', { asset })}>
        {t('info.available.deposit')}
      </Link>
      <Link to={`/${lang}/otcinfo/withdraw/${kind}/${asset}`} aria-label={t('info.available.withdrawAsset', { asset })}>
        {t('info.available.withdraw')}
      </Link>
    </>
  );
}
