import type { ReactNode } from 'react';
import { DataRow, DataTable, type DataColumn } from '../../../components/records/index.ts';
import { useTranslation } from 'react-i18next';
import { UNIT_DECIMALS } from '../../../../contract/broker-nav.ts';
import { formatAmount, formatDateTime, formatFractionPercent } from '../../../lib/format/index.ts';
import type { PerformancePoint } from './chart-window.ts';

/** Units of a project at their 8 decimals with thousands separators (glossary: tables show full digits). */
export const unitsText = (units: string) => formatAmount(units, UNIT_DECIMALS);

/** A rate as the pages show it: a signed percentage with 2 decimals, '—' where it is not defined (null). */
export const rateText = (rate: string | null | undefined) => formatFractionPercent(rate, { signed: true });

/**
 * The chart's records from the two daily calls of one range: returns (queryBrokerUnitIncomeRateList, or the public
 * chart) and retreat rates (queryRetreatRate), joined on the record day.
 */
export function joinPoints(returns: readonly { day: string; nav: string; cumulativeReturn: string }[], retreat: readonly { day: string; retreatRate: string }[]): PerformancePoint[] {
  const drawdown = new Map(retreat.map((r) => [r.day, r.retreatRate]));
  return returns.map((r) => ({ day: r.day, nav: r.nav, ret: r.cumulativeReturn, drawdown: drawdown.get(r.day) ?? '0' }));
}

/**
 * spec §9 "Data refresh", stated where the figures are: real-time assets every 10 minutes, volume daily at 10:00
 * UTC+8, the rest daily at 00:00 UTC+8; with the stamps the figures on the page follow.
 */
export function RefreshTimes({ kinds, stamps }: { kinds: readonly ('realtime' | 'volume' | 'daily')[]; stamps?: { kind: 'realtime' | 'volume' | 'daily'; at: string | null | undefined }[] }) {
  const { t } = useTranslation('datachart');
  return (
    <aside className="td-analytics-refresh" aria-label={t('refresh.title')} data-testid="refresh-times">
      <h2>{t('refresh.title')}</h2>
      <ul>
        {kinds.map((kind) => {
          const at = stamps?.find((s) => s.kind === kind)?.at;
          return (
            <li key={kind} data-refresh={kind}>
              {t(`refresh.${kind}`)}
              {at ? <span className="td-analytics-refresh__at"> {t('refresh.last', { time: formatDateTime(at, { zone: true }) })}</span> : null}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

/** A labelled figure of a summary row. */
export function Figure({ label, value, testId, hint }: { label: string; value: ReactNode; testId?: string; hint?: ReactNode }) {
  return (
    <div className="td-analytics-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
      {hint ? <dd className="td-analytics-figure__hint">{hint}</dd> : null}
    </div>
  );
}

export function Block({ title, testId, hint, actions, children }: { title: string; testId: string; hint?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="td-broker-panel td-analytics-block" data-testid={testId} aria-label={title}>
      <div className="td-analytics-block__head">
        <h2>{title}</h2>
        {actions}
      </div>
      {hint ? <p className="td-broker-hint">{hint}</p> : null}
      {children}
    </section>
  );
}

/** A table of figures in a scrolling region (the first column names the row), with an optional total row. */
export function FigureTable({ label, head, rows, sum }: { label: string; head: string[]; rows: string[][]; sum?: string[] }) {
  const columns: DataColumn<string[]>[] = head.map((h, i) => ({ id: String(i), header: h, cell: (row) => row[i], ...(i > 0 ? { numeric: true } : { rowHeader: true }) }));
  return (
    <DataTable<string[]>
      rows={rows}
      rowKey={(_row, index) => index}
      columns={columns}
      className="td-broker-table td-record-table"
      region={{ className: 'td-broker-scroll', label }}
      footer={sum ? <DataRow row={sum} columns={columns} attributes={{ className: 'td-broker-sum-row' }} /> : null}
    />
  );
}
