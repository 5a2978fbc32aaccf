import './pages.css';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { BROKER_WALLETS } from '../../../contract/broker-rules.ts';
import { formatAssetAmount, formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import { accountsApi, type TotalBalance } from './accounts-api.ts';
import '../../components/records/records.css';
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
  const num = 'td-num';
  return (
    <>
      <Table title={t('total.byExchange')} testId="total-exchanges" head={[t('common.exchange'), t('common.valueUsdt')]}>
        {data.exchanges.map((e) => (
          <tr key={e.exchangeCode}>
            <td>
              <ExchangeName code={e.exchangeCode} />
            </td>
            <td className={num} data-value={e.totalValueUsdt}>
              {formatAssetAmount(e.totalValueUsdt, 'USDT')}
            </td>
          </tr>
        ))}
        <SumRow label={t('total.sum')} cells={[sumOf(data.exchanges.map((e) => e.totalValueUsdt))]} />
      </Table>
      <Table title={t('total.byAsset')} testId="total-assets" head={[t('common.asset'), t('detail.totalAmount'), t('detail.price'), t('common.valueUsdt')]}>
        {data.assets.map((a) => (
          <tr key={a.asset}>
            <td>{a.asset}</td>
            <td className={num}>{formatAssetAmount(a.total, a.asset)}</td>
            <td className={num}>{formatQuantity(a.price)}</td>
            <td className={num} data-value={a.valueUsdt}>
              {formatAssetAmount(a.valueUsdt, 'USDT')}
            </td>
          </tr>
        ))}
        <SumRow label={t('total.sum')} cells={['', '', sumOf(data.assets.map((a) => a.valueUsdt))]} />
      </Table>
      <Table title={t('total.byAccount')} testId="total-accounts" textColumns={2} head={[t('common.subAccount'), t('common.exchange'), ...BROKER_WALLETS.map((w) => t(`wallets.${w}`)), t('common.valueUsdt')]}>
        {data.accounts.map((a) => (
          <tr key={a.brokerAccountId}>
            <td>{a.subAccountName}</td>
            <td>
              <ExchangeName code={a.exchangeCode} />
            </td>
            {BROKER_WALLETS.map((w) => (
              <td key={w} className={num}>
                {formatAssetAmount(a.wallets.find((x) => x.wallet === w)?.valueUsdt ?? '0', 'USDT')}
              </td>
            ))}
            <td className={num} data-value={a.totalValueUsdt}>
              {formatAssetAmount(a.totalValueUsdt, 'USDT')}
            </td>
          </tr>
        ))}
        <SumRow
          label={t('total.sum')}
          cells={['', ...BROKER_WALLETS.map((w) => sumOf(data.accounts.map((a) => a.wallets.find((x) => x.wallet === w)?.valueUsdt ?? '0'))), sumOf(data.accounts.map((a) => a.totalValueUsdt))]}
        />
      </Table>
    </>
  );
}

/** A titled table in a scrolling region; the columns after the first `textColumns` hold figures. */
function Table({ title, head, testId, textColumns = 1, children }: { title: string; head: string[]; testId: string; textColumns?: number; children: React.ReactNode }) {
  return (
    <>
      <h2>{title}</h2>
      <div className="td-broker-scroll" role="region" aria-label={title} tabIndex={0}>
        <table className="td-broker-table td-record-table" data-testid={testId}>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={i} scope="col" className={i >= textColumns ? 'td-num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
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
