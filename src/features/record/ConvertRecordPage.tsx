import { Column } from 'primereact/column';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatAssetAmount, formatDateTime, formatPrice, formatQuantity } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { useLoad } from '../../lib/use-load.ts';
import { findPair, loadPairs, pairsStore } from '../market/index.ts';
import { describeWalletError } from '../wallet/shared.ts';
import { type ConvertQuery, type ConvertRecord, convertRecordApi } from './convert-api.ts';
import './record.css';
import { useRecordExport } from './useExport.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { FilterSelect, PageSizeSelect, RecordTable, TimeRangeFilter, useRecordQuery } from '../../components/records/index.ts';
import { BillExportButton } from './BillExportButton.tsx';

const TYPES = ['coin', 'fiat'] as const;

/**
 * spec §2 record/convert, §7 pageSwapOrderRecord (pageCondition, queryCondition): the user's filled converts,
 * paged on the server, filtered by tab (coin or fiat), the paid and the received asset, and time; with the
 * xlsx export of the same filters. Each row shows exactly the quoted amounts that filled, the price and the
 * spread (the fee is zero, spec §9).
 */
export default function ConvertRecordPage() {
  const { t } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  usePrimeLocale();
  const exporter = useRecordExport('convert', (day) => t('export.kinds.convert.fileName', { day }));
  const assets = useLoad(() => convertRecordApi.assets(), []);
  const names = [...(assets.data?.digitalAssets ?? []), ...(assets.data?.fiatAssets ?? [])].map((a) => [a.asset, a.asset] as const);
  const { filters, setFilter, setRange, paging, setPaging, onPage, sort, onSort } = useRecordQuery<ConvertQuery>({ days: 30 });
  const page = useLoad(() => convertRecordApi.page({ pageCondition: paging, queryCondition: filters, ...(sort ? { sort } : {}) }), [paging, filters, sort], 10_000);
  const c = (key: string) => t(`convert.${key}`);
  const pairs = useStore(pairsStore);
  useEffect(() => void loadPairs(), []);
  // Glossary "Numbers": a price at the pair's tick where the convert went the pair's way (1 BTC = … USDT); the other
  // way round no pair's tick applies, and the price keeps its digits (at most 8 decimals, spec §9).
  const priceOf = (row: ConvertRecord) => {
    const pair = findPair(pairs, 'spot', `${row.fromAsset}${row.toAsset}`);
    return pair ? formatPrice(row.price, pair.tickSize) : formatQuantity(row.price);
  };

  return (
    <section className="td-record-page" data-testid="record-convert">
      <RecordTabs />
      <h1 className="td-record-title">{t('titles.convert')}</h1>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        <FilterSelect name="type" label={c('type')} value={filters.type} options={TYPES.map((type) => [type, c(`types.${type}`)] as const)} onChange={(v) => setFilter('type', v)} />
        <FilterSelect name="fromAsset" label={c('from')} value={filters.fromAsset} options={names} onChange={(v) => setFilter('fromAsset', v)} />
        <FilterSelect name="toAsset" label={c('to')} value={filters.toAsset} options={names} onChange={(v) => setFilter('toAsset', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
        <BillExportButton exporter={exporter} filters={filters} />
      </form>
      <RecordTable label={t('titles.convert')} dataKey="orderId" page={page} paging={paging} onPage={onPage} sort={sort} onSort={onSort} exportError={exporter.error} describeFailure={(failure) => describeWalletError(tw, failure).message}>
        <Column header={t('columns.time')} sortable sortField="createdAt" body={(row: ConvertRecord) => <span data-record={`C${row.orderId}`}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={c('type')} body={(row: ConvertRecord) => c(`types.${row.kind}`)} />
        <Column
          header={c('paid')}
          sortable
          sortField="amount"
          className="td-num"
          headerClassName="td-num"
          body={(row: ConvertRecord) => `${formatAssetAmount(row.fromAmount, row.fromAsset)} ${row.fromAsset}`}
        />
        <Column
          header={c('received')}
          className="td-num"
          headerClassName="td-num"
          body={(row: ConvertRecord) => `${formatAssetAmount(row.toAmount, row.toAsset)} ${row.toAsset}`}
        />
        <Column header={c('price')} body={(row: ConvertRecord) => t('convert.priceText', { from: row.fromAsset, to: row.toAsset, price: priceOf(row) })} />
        <Column header={c('fee')} body={() => c('zeroFee')} />
        <Column header={c('status')} body={() => c('success')} />
        <Column header={c('orderId')} field="orderId" />
      </RecordTable>
    </section>
  );
}
