import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAssetAmount, formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { PageSizeSelect, type Paging, RecordTable } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { type Loaded, useLoad } from '../../../lib/use-load.ts';
import { analyticsApi, type TradeBillPage, type UserIncomePage } from './api.ts';
import type { ChartRange } from './chart-window.ts';
import { unitsText } from './parts.tsx';
import { useListFailure } from '../list-failure.tsx';

type IncomeRow = UserIncomePage['list'][number] & { key: string };
type TradeRow = TradeBillPage['list'][number];
const usdt = (value: string) => formatAssetAmount(value, 'USDT');

/** A server-paged list of the data-analysis tab: its page and paging, back on page 1 when the project or range changes. */
function usePaged<T>(projectNo: string, range: ChartRange, load: (paging: Paging) => Promise<T>) {
  usePrimeLocale();
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const [query, setQuery] = useState({ projectNo, range });
  if (query.projectNo !== projectNo || query.range !== range) {
    setQuery({ projectNo, range });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  }
  const page = useLoad(() => load(paging), [projectNo, range, paging]);
  const onPage = (e: { first: number }) => setPaging((p) => ({ ...p, pageNum: Math.floor(e.first / p.pageSize) + 1 }));
  return { page, paging, setPaging, onPage };
}

/**
 * Each investor's income per zero-hour record day and project (account/overview/queryUserIncomeRecordList), newest
 * first, paged on the server; its export (投資者收益記錄 xlsx) writes the same rows.
 */
export function UserIncomeTable({ projectNo, range }: { projectNo: string; range: ChartRange }) {
  const { t } = useTranslation('broker-analytics');
  const describeFailure = useListFailure();
  const { page, paging, setPaging, onPage } = usePaged(projectNo, range, async (p) => {
    const reply = await analyticsApi.userIncome(projectNo, range, p);
    return { ...reply, list: reply.list.map((r) => ({ ...r, key: `${r.day}-${r.investorId}-${r.projectNo}` })) };
  });
  return (
    <>
      <PageSizeSelect paging={paging} onChange={setPaging} />
      <RecordTable<IncomeRow> label={t('overview.userIncome')} dataKey="key" page={page as Loaded<{ list: IncomeRow[]; total: number }>} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('lines.day')} body={(r: IncomeRow) => r.day} />
        <Column header={t('overview.investor')} body={(r: IncomeRow) => r.investorName} />
        <Column header={t('overview.project')} body={(r: IncomeRow) => r.projectName} />
        <Column header={t('overview.units')} body={(r: IncomeRow) => unitsText(r.units)} />
        <Column header={t('figures.recordNav')} body={(r: IncomeRow) => r.nav} />
        <Column header={t('overview.value')} body={(r: IncomeRow) => usdt(r.value)} />
        <Column header={t('returns.profit')} body={(r: IncomeRow) => usdt(r.profit)} />
        <Column header={t('overview.dailyProfit')} body={(r: IncomeRow) => usdt(r.dailyProfit)} />
        <Column header={t('overview.interest')} body={(r: IncomeRow) => usdt(r.interestAccrued)} />
      </RecordTable>
    </>
  );
}

/**
 * The trade bills of the projects' sub-accounts (order/tradeBill/page), newest first, paged on the server, with the
 * sums of every page; its export (交易帳單 xlsx) writes the same rows.
 */
export function TradeBillTable({ projectNo, range }: { projectNo: string; range: ChartRange }) {
  const { t } = useTranslation('broker-analytics');
  const describeFailure = useListFailure();
  const { page, paging, setPaging, onPage } = usePaged(projectNo, range, (p) => analyticsApi.tradeBills(projectNo, range, p));
  const sums = page.data?.sums;
  return (
    <>
      <PageSizeSelect paging={paging} onChange={setPaging} />
      {sums ? (
        <p className="td-broker-hint" data-testid="trade-bill-sums">
          {t('bills.sums', { count: sums.tradeCount, volume: usdt(sums.volume), fee: usdt(sums.fee), pnl: usdt(sums.netPnl) })}
        </p>
      ) : null}
      <RecordTable<TradeRow> label={t('bills.title')} dataKey="tradeId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('bills.time')} body={(r: TradeRow) => formatDateTime(r.time)} />
        <Column header={t('overview.project')} body={(r: TradeRow) => r.projectName} />
        <Column header={t('overview.subAccount')} body={(r: TradeRow) => r.subAccountName} />
        <Column header={t('overview.symbol')} body={(r: TradeRow) => r.symbol} />
        <Column header={t('bills.side')} body={(r: TradeRow) => t(`bills.sides.${r.side}`)} />
        <Column header={t('bills.price')} body={(r: TradeRow) => r.price} />
        <Column header={t('bills.qty')} body={(r: TradeRow) => r.qty} />
        <Column header={t('overview.volume')} body={(r: TradeRow) => usdt(r.quoteVolume)} />
        <Column header={t('overview.fee')} body={(r: TradeRow) => usdt(r.fee)} />
        <Column header={t('overview.netPnl')} body={(r: TradeRow) => usdt(r.netPnl)} />
      </RecordTable>
    </>
  );
}
