import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/records/index.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media/index.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { Empty, column, time, tone, usePriceFormat } from './DataTables.tsx';
import type { PositionHistoryRow } from './trade-api.ts';

/**
 * Position history (server/trade/README.md "Position history and funding"): each position from open to close,
 * what it held at most, its entry and average close, realised PnL, fees, funding and the net of the three.
 */
export function PositionHistoryTable({ rows }: { rows: PositionHistoryRow[] }) {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  const money = (value: string, testId: string) => ({ className: tone(value), 'data-testid': testId, 'data-value': value });
  const phone = useMediaQuery(PHONE_QUERY);
  const columns: DataColumn<PositionHistoryRow>[] = [
    column<PositionHistoryRow>(t, 'openedAt', (r) => time(r.openedAt)),
    column<PositionHistoryRow>(t, 'closedAt', (r) => (r.closedAt ? time(r.closedAt) : t('history.holding')), () => ({ 'data-testid': 'history-closed-at' })),
    column<PositionHistoryRow>(t, 'pair', (r) => r.instrumentId),
    column<PositionHistoryRow>(
      t,
      'side',
      (r) => `${t(`directions.${r.side}`)} · ${t(`modes.${r.marginType}`)} ${r.leverage}x`,
      (r) => ({ className: r.side === 'long' ? 'td-up' : 'td-down', 'data-testid': 'history-side' }),
    ),
    column<PositionHistoryRow>(t, 'maxSize', (r) => r.maxSize, () => ({ 'data-testid': 'history-max-size' })),
    column<PositionHistoryRow>(t, 'entryPrice', (r) => price('usdm', r.instrumentId, r.entryPrice)),
    column<PositionHistoryRow>(t, 'closePrice', (r) => price('usdm', r.instrumentId, r.closePrice), () => ({ 'data-testid': 'history-close-price' })),
    column<PositionHistoryRow>(t, 'realized', (r) => formatAssetAmount(r.realizedProfitLoss, 'USDT'), (r) => money(r.realizedProfitLoss, 'history-realized')),
    column<PositionHistoryRow>(t, 'fee', (r) => formatAssetAmount(r.fees, 'USDT'), (r) => ({ 'data-testid': 'history-fees', 'data-value': r.fees })),
    column<PositionHistoryRow>(t, 'fundingFee', (r) => formatAssetAmount(r.funding, 'USDT'), (r) => money(r.funding, 'history-funding')),
    column<PositionHistoryRow>(t, 'netPnl', (r) => formatAssetAmount(r.netProfitLoss, 'USDT'), (r) => money(r.netProfitLoss, 'history-net')),
  ];
  if (phone) {
    // A phone shows one card per position with the same figures (eleven columns do not fit 390 px).
    if (rows.length === 0) return <Empty />;
    return (
      <ul className="td-position-cards" data-testid="position-history-table">
        {rows.map((r) => (
          <li key={r.id} className="td-position-card" data-testid="position-history-row" data-status={r.status} data-pair={r.instrumentId}>
            <dl>
              {columns.map((c) => {
                const props = (c.cellProps?.(r) ?? {}) as Record<string, string | undefined>;
                return (
                  <div key={c.id}>
                    <dt>{c.header}</dt>
                    <dd {...props}>{c.cell(r)}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <DataTable<PositionHistoryRow>
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-testid': 'position-history-row', 'data-status': r.status, 'data-pair': r.instrumentId })}
      className="td-data-table"
      testId="position-history-table"
      empty={<Empty />}
      columns={columns}
    />
  );
}
