import { useTranslation } from 'react-i18next';
// DataTable alone, not the records kit's entry: the wallet's pages do not load the kit's lazily paged table.
import { DataTable } from '../../components/records/DataTable.tsx';
import type { DataColumn } from '../../components/records/data-table-parts.tsx';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import type { CoinRecord } from './api.ts';
import { CoinStatus, ShortValue } from './RecordCells.tsx';

/** What every recent record shows: its id, when, how much of which asset. */
interface RecentRow {
  recordId: string;
  createdAt: string;
  amount: string;
  asset: string;
}

/**
 * The latest records under a deposit or withdrawal form (coin or fiat): the time, the columns given (the amount
 * among them, see `amountColumn`) and nothing but the empty state once loaded with none.
 */
export function RecentTable<T extends RecentRow>({ rows, loaded, columns }: { rows: readonly T[]; loaded: boolean; columns: readonly DataColumn<T>[] }) {
  const { t } = useTranslation('wallet');
  const time: DataColumn<T> = { id: 'time', header: t('columns.time'), cell: (row) => formatDateTime(row.createdAt) };
  return (
    <DataTable<T>
      rows={rows}
      columns={[time, ...columns]}
      rowKey={(row) => row.recordId}
      rowProps={(row) => ({ 'data-record': row.recordId })}
      testId="recent-records"
      className="td-table"
      tableData={{ 'data-loaded': loaded }}
      region={{ className: 'td-table-scroll', focusable: false }}
      headersWhenEmpty={!loaded}
    />
  );
}

/** A recent record's amount with its asset, as a figure column. */
export const amountColumn = <T extends RecentRow>(header: string): DataColumn<T> => ({
  id: 'amount',
  header,
  numeric: true,
  cell: (row) => `${formatAssetAmount(row.amount, row.asset)} ${row.asset}`,
});

/** The latest records of a coin under its deposit or withdrawal form. */
export function RecentRecords({ rows, loaded }: { rows: readonly CoinRecord[]; loaded: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <RecentTable<CoinRecord>
      rows={rows}
      loaded={loaded}
      columns={[
        { id: 'network', header: t('columns.network'), cell: (row) => row.network },
        amountColumn(t('columns.amount')),
        { id: 'status', header: t('columns.status'), cell: (row) => <CoinStatus row={row} /> },
        { id: 'txHash', header: t('columns.txHash'), cell: (row) => <ShortValue value={row.txHash} /> },
      ]}
    />
  );
}
