import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { BrokerTable, EmptyState, PageSizeSelect, useLoad, type Paging } from '../kit/index.ts';
import { analyticsApi, type UserIncomePage } from './api.ts';
import type { ChartRange } from './chart-window.ts';

type Row = UserIncomePage['list'][number];
const usdt = (value: string) => formatAssetAmount(value, 'USDT');

/**
 * Each investor's income per zero-hour record day and project (account/overview/queryUserIncomeRecordList), newest
 * first, paged on the server; its export (投資者收益記錄 xlsx) writes the same rows.
 */
export function UserIncomeTable({ projectNo, range }: { projectNo: string; range: ChartRange }) {
  const { t } = useTranslation('broker-analytics');
  usePrimeLocale();
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const [query, setQuery] = useState({ projectNo, range });
  // A new filter starts again on page 1.
  if (query.projectNo !== projectNo || query.range !== range) {
    setQuery({ projectNo, range });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  }
  const page = useLoad(() => analyticsApi.userIncome(projectNo, range, paging), [projectNo, range, paging]);
  return (
    <>
      <PageSizeSelect paging={paging} onChange={setPaging} />
      <BrokerTable<Row>
        label={t('overview.userIncome')}
        dataKey="key"
        page={{ ...page, data: page.data ? { ...page.data, list: page.data.list.map((r) => ({ ...r, key: `${r.day}-${r.investorId}-${r.projectNo}` })) } : null }}
        paging={paging}
        onPage={(e) => setPaging((p) => ({ ...p, pageNum: Math.floor(e.first / p.pageSize) + 1 }))}
        exportError={null}
        empty={<EmptyState />}
      >
        <Column header={t('lines.day')} body={(r: Row) => r.day} />
        <Column header={t('overview.investor')} body={(r: Row) => r.investorName} />
        <Column header={t('overview.project')} body={(r: Row) => r.projectName} />
        <Column header={t('overview.units')} body={(r: Row) => r.units} />
        <Column header={t('figures.recordNav')} body={(r: Row) => r.nav} />
        <Column header={t('overview.value')} body={(r: Row) => usdt(r.value)} />
        <Column header={t('returns.profit')} body={(r: Row) => usdt(r.profit)} />
        <Column header={t('overview.dailyProfit')} body={(r: Row) => usdt(r.dailyProfit)} />
        <Column header={t('overview.interest')} body={(r: Row) => usdt(r.interestAccrued)} />
      </BrokerTable>
    </>
  );
}
