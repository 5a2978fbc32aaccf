import './pages.css';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { BROKER_WALLETS } from '../../../contract/broker-rules.ts';
import { formatAssetAmount, formatDateTime, formatValuationPrice } from '../../lib/format/index.ts';
import { accountsApi, type TotalBalance } from './accounts-api.ts';
import { DataTable, type DataTableProps } from '../../components/records/index.ts';
import { EmptyState } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ExchangeName, LoadError } from './parts.tsx';

/** The sum of the values shown, exactly (decimal.js): a total is the sum of its rows to the last digit. */
export function sumOf(values: readonly string[]): string {
  return values.reduce((sum, v) => sum.plus(v), new Decimal(0)).toFixed();
}

/**
 * spec §2 broker manager "total": every sub-account of the organisation valued in USDT, by exchange, by asset and
 * by sub-account (with its wallets), from spotFuturesTotalBalance. Each table's total row adds the rows shown.
 */
export default function TotalPage() {
  const { t } = useTranslation('broker');
  const total = useLoad(() => accountsApi.total({}), []);
  const data = total.data;
  return (
    <section className="td-broker-page" data-testid="broker-total">
      <h1>{t('total.title')}</h1>
      <LoadError error={total.error} />
      {data ? (
        <>
          <p className="td-broker-sum">
            <span>{t('common.valueUsdt')} </span>
            <strong data-testid="total-value" data-value={data.totalValueUsdt}>
              {formatAssetAmount(data.totalValueUsdt, 'USDT')}
            </strong>
            <span className="td-broker-hint"> {t('total.valuedAt', { time: formatDateTime(data.valuedAt, { zone: true }) })}</span>
          </p>
          {data.accounts.length === 0 ? <EmptyState /> : <Tables data={data} />}
        </>
      ) : null}
    </section>
  );
}

function Tables({ data }: { data: TotalBalance }) {
  const { t } = useTranslation('broker');
  const usdt = (value: string) => formatAssetAmount(value, 'USDT');
  return (
    <>
      <Table<TotalBalance['exchanges'][number]>
        title={t('total.byExchange')}
        testId="total-exchanges"
        rows={data.exchanges}
        rowKey={(e) => e.exchangeCode}
        columns={[
          { id: 'exchange', header: t('common.exchange'), cell: (e) => <ExchangeName code={e.exchangeCode} /> },
          { id: 'value', header: t('common.valueUsdt'), numeric: true, cell: (e) => usdt(e.totalValueUsdt), cellProps: (e) => ({ 'data-value': e.totalValueUsdt }) },
        ]}
        footer={<SumRow label={t('total.sum')} cells={[sumOf(data.exchanges.map((e) => e.totalValueUsdt))]} />}
      />
      <Table<TotalBalance['assets'][number]>
        title={t('total.byAsset')}
        testId="total-assets"
        rows={data.assets}
        rowKey={(a) => a.asset}
        columns={[
          { id: 'asset', header: t('common.asset'), cell: (a) => a.asset },
          { id: 'total', header: t('detail.totalAmount'), numeric: true, cell: (a) => formatAssetAmount(a.total, a.asset) },
          { id: 'price', header: t('detail.price'), numeric: true, cell: (a) => formatValuationPrice(a.price) },
          { id: 'value', header: t('common.valueUsdt'), numeric: true, cell: (a) => usdt(a.valueUsdt), cellProps: (a) => ({ 'data-value': a.valueUsdt }) },
        ]}
        footer={<SumRow label={t('total.sum')} cells={['', '', sumOf(data.assets.map((a) => a.valueUsdt))]} />}
      />
      <Table<TotalBalance['accounts'][number]>
        title={t('total.byAccount')}
        testId="total-accounts"
        rows={data.accounts}
        rowKey={(a) => a.brokerAccountId}
        columns={[
          { id: 'name', header: t('common.subAccount'), cell: (a) => a.subAccountName },
          { id: 'exchange', header: t('common.exchange'), cell: (a) => <ExchangeName code={a.exchangeCode} /> },
          ...BROKER_WALLETS.map((w) => ({ id: w, header: t(`wallets.${w}`), numeric: true, cell: (a: TotalBalance['accounts'][number]) => usdt(walletValue(a, w)) })),
          { id: 'value', header: t('common.valueUsdt'), numeric: true, cell: (a) => usdt(a.totalValueUsdt), cellProps: (a) => ({ 'data-value': a.totalValueUsdt }) },
        ]}
        footer={<SumRow label={t('total.sum')} cells={['', ...BROKER_WALLETS.map((w) => sumOf(data.accounts.map((a) => walletValue(a, w)))), sumOf(data.accounts.map((a) => a.totalValueUsdt))]} />}
      />
    </>
  );
}

const walletValue = (a: TotalBalance['accounts'][number], wallet: string) => a.wallets.find((x) => x.wallet === wallet)?.valueUsdt ?? '0';

/** A titled list table in a scrolling region, with its total row; an empty list still shows the headers and total. */
function Table<T>({ title, testId, ...table }: { title: string; testId: string } & Pick<DataTableProps<T>, 'rows' | 'rowKey' | 'columns' | 'footer'>) {
  return (
    <>
      <h2>{title}</h2>
      <DataTable<T> {...table} testId={testId} className="td-broker-table td-record-table" region={{ className: 'td-broker-scroll', label: title }} headersWhenEmpty />
    </>
  );
}

function SumRow({ label, cells }: { label: string; cells: string[] }) {
  return (
    <tr className="td-broker-sum-row" data-testid="sum-row">
      <th scope="row">{label}</th>
      {cells.map((c, i) => (
        <td key={i} className="td-num" data-value={c || undefined}>
          {c ? formatAssetAmount(c, 'USDT') : ''}
        </td>
      ))}
    </tr>
  );
}
