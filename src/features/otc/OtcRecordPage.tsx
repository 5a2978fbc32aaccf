import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { OTC_MODES, OTC_STATUSES, type OtcModeName, type OtcStatusName } from '../../../contract/otc-rules.ts';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { usdText } from '../convert/shared.ts';
import { FilterSelect, PageSizeSelect, RecordTable, TimeRangeFilter, useRecordQuery } from '../../components/records/index.ts';
import { describeWalletError, WalletShell } from '../wallet/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import { otcApi, type OrderQuery, type OtcOrder } from './api.ts';
import { OrderStatus } from './OrderCard.tsx';
import { readablePrice } from './limit-form.ts';

/**
 * otcinfo/record (spec §7 pageBlockOrderRecord): every OTC order, newest first, paged on the server (10, 20, 50
 * or 100 a page) and filtered by mode, state and time, with the amounts, the price, the USD value and the times
 * the desk's promises are read against (requested, result by, settles).
 */
export default function OtcRecordPage() {
  const { t } = useTranslation('otc');
  const { t: tw } = useTranslation('wallet');
  usePrimeLocale();
  // The price the traders' way round (1 BTC = … USDT), whichever side was paid.
  const rateText = (row: OtcOrder) => {
    const shown = readablePrice(row.price, row.fromAsset, row.toAsset);
    return t('quote.rate', { from: shown.base, to: shown.quote, price: shown.price });
  };
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<OrderQuery>({ days: 30 });
  const page = useLoad(() => otcApi.orders({ pageCondition: paging, queryCondition: filters }), [paging, filters], 10_000);
  return (
    <WalletShell title={t('info.record.title')}>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('info.record.filters')} data-testid="otc-record-filters">
        <FilterSelect<OtcModeName> name="mode" label={t('info.record.mode')} value={filters.mode} options={OTC_MODES.map((m) => [m, t(`modes.${m}`)] as const)} onChange={(v) => setFilter('mode', v)} />
        <FilterSelect<OtcStatusName>
          name="status"
          label={t('info.record.status')}
          value={filters.status}
          options={OTC_STATUSES.map((s) => [s, t(`status.${s}`)] as const)}
          onChange={(v) => setFilter('status', v)}
        />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </form>
      <RecordTable label={t('info.record.title')} dataKey="orderId" page={page} paging={paging} onPage={onPage} exportError={null} describeFailure={(failure) => describeWalletError(tw, failure).message}>
        <Column header={t('info.record.requested')} body={(row: OtcOrder) => <span data-record={row.orderId}>{formatDateTime(row.timeline.requestedAt)}</span>} />
        <Column header={t('info.record.mode')} body={(row: OtcOrder) => t(`modes.${row.mode}`)} />
        <Column header={t('order.fromAmount')} className="td-num" headerClassName="td-num" body={(row: OtcOrder) => t('units.amount', { value: formatAssetAmount(row.fromAmount, row.fromAsset), asset: row.fromAsset })} />
        <Column header={t('order.receives')} className="td-num" headerClassName="td-num" body={(row: OtcOrder) => t('units.amount', { value: formatAssetAmount(row.toAmount, row.toAsset), asset: row.toAsset })} />
        <Column header={t('info.record.status')} body={(row: OtcOrder) => <OrderStatus status={row.status} />} />
        <Column header={t('timeline.settlesAt')} body={(row: OtcOrder) => formatDateTime(row.timeline.settledAt ?? row.timeline.settlesAt)} />
        <Column header={t('quote.price')} body={(row: OtcOrder) => rateText(row)} />
        <Column header={t('quote.usdValue')} className="td-num" headerClassName="td-num" body={(row: OtcOrder) => usdText(row.usdValue)} />
        <Column header={t('order.orderId')} field="orderId" />
      </RecordTable>
    </WalletShell>
  );
}
