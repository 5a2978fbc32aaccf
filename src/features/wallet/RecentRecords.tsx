import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/index.ts';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import type { CoinRecord } from './api.ts';
import { CoinStatus, ShortValue } from './RecordCells.tsx';

/** The latest records of a coin under its deposit or withdrawal form. */
export function RecentRecords({ rows, loaded }: { rows: readonly CoinRecord[]; loaded: boolean }) {
  const { t } = useTranslation('wallet');
  if (loaded && rows.length === 0) return <EmptyState />;
  return (
    <div className="td-table-scroll">
      <table className="td-table" data-testid="recent-records" data-loaded={loaded}>
        <thead>
          <tr>
            <th scope="col">{t('columns.time')}</th>
            <th scope="col">{t('columns.network')}</th>
            <th scope="col" className="td-num">{t('columns.amount')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.txHash')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.recordId} data-record={row.recordId}>
              <td>{formatDateTime(row.createdAt)}</td>
              <td>{row.network}</td>
              <td className="td-num">
                {formatQuantity(row.amount)} {row.asset}
              </td>
              <td>
                <CoinStatus row={row} />
              </td>
              <td>
                <ShortValue value={row.txHash} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
