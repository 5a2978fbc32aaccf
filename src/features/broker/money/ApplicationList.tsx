import type { TFunction } from 'i18next';
import { Column } from 'primereact/column';
import { useState, type ReactNode } from 'react';
import { APPLICATION_STATES, type ApplicationState } from '../../../../contract/broker-rules.ts';
import { EmptyState } from '../../../components/index.ts';
import { FilterBar, FilterSelect, PageSizeSelect, RecordTable, TimeRangeFilter, useRecordQuery, type Paging, type TimeRange } from '../../../components/records/index.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { useListFailure } from '../list-failure.tsx';
import type { ApplicationKey } from './application-keys.ts';
import type { DecisionCalls } from './DecisionPanel.tsx';
import { timeFields } from './shared.tsx';

// The applications another member approves or rejects (spec §4 broker application states, maker-checker): the
// transfer page's (fundTransfer/*) and the profit page's (profitAccrual/*) list them alike and decide them with the
// same panel (DecisionPanel).
// i18n namespaces: broker-money, broker-profit (the page's `t` is handed in: its states, types and errors are read in either)

/** Which applications a page lists: the prefix of its texts, the names of its filters and test ids, its types. */
export interface ApplicationKind<T extends string> {
  /** Where the list's and the panel's texts are in the page's namespace (application-keys.ts). */
  prefix: string;
  /** The filters' names (filter-<name>), the row attribute with the application's id, the test ids' prefix. */
  names: { status: string; type: string; rowAttribute: string; testId: string };
  types: readonly T[];
}

export type Notice = { text: string; tone: 'error' | 'success' } | null;

/** What a decidable application has, whichever call lists it (contract/broker-funds.ts, broker-profit.ts). */
export interface DecidableRow {
  applicationId: string;
  createdAt: string;
  type: string;
  applicant: string;
  status: ApplicationState;
  approver: string | null;
  rejectReason: string | null;
  /** It is applying and the caller is not its applicant. */
  canDecide: boolean;
}

interface Filters<T extends string> extends TimeRange {
  status?: ApplicationState;
  type?: T;
}
/** A list's query: the time filter (spec §9), the page's scope (a project) and the chosen state and type. */
export type ApplicationQuery<T extends string, S> = ReturnType<typeof timeFields> & S & { status?: ApplicationState; type?: T };

/**
 * A page's notice and the application being decided, with what its DecisionPanel takes of the page (`panel`: the
 * namespace, the prefix of its texts, the decision calls, what follows a decision). The applicant cannot decide
 * their own application (spec §4 maker-checker; the sandbox refuses it too: 10451): it is refused here with the
 * page's `errors.selfApproval`, before any call.
 */
export function useDecision<Row extends DecidableRow>({ t, prefix, calls, onDecided }: { t: TFunction; prefix: string; calls: DecisionCalls; onDecided: () => void }) {
  const [notice, setNotice] = useState<Notice>(null);
  const [deciding, setDeciding] = useState<Row | null>(null);
  const decide = (row: Row) => {
    setNotice(null);
    if (!row.canDecide) {
      setDeciding(null);
      setNotice({ text: t('errors.selfApproval'), tone: 'error' });
      return;
    }
    setDeciding(row);
  };
  const panel = {
    t,
    prefix,
    calls,
    onDone: (text: string) => {
      setDeciding(null);
      setNotice({ text, tone: 'success' });
      onDecided();
    },
    onCancel: () => setDeciding(null),
  };
  return { notice, setNotice, deciding, decide, panel };
}

/**
 * The applications filtered by state, type and time range (spec §9) and paged on the server, with when, what type,
 * the page's own columns (`children`: from and to, or project and sub-accounts), the amount, who applied, the state
 * with who decided and why, and the decide button of an applying one.
 */
export function ApplicationList<Row extends DecidableRow, T extends string, S extends object = object>({
  t,
  kind: { prefix, names, types },
  label,
  scope,
  version,
  load,
  exportAction,
  amount,
  statusNote,
  onDecide,
  children,
}: {
  /** The page's namespace, where the list's texts are (its `kind.prefix`). */
  t: TFunction;
  kind: ApplicationKind<T>;
  label: string;
  scope: S;
  /** A new version reloads the list (after an application or a decision). */
  version: number;
  load: (paging: Paging, query: ApplicationQuery<T, S>) => Promise<{ list: Row[]; total: number }>;
  exportAction?: (query: ApplicationQuery<T, S>) => ReactNode;
  amount: (row: Row) => ReactNode;
  statusNote?: (row: Row) => ReactNode;
  onDecide: (row: Row) => void;
  children: ReactNode;
}) {
  const text = (key: ApplicationKey, values?: Record<string, string>) => t(`${prefix}.${key}`, values ?? {});
  const describeFailure = useListFailure();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<Filters<T>>({ days: 30 });
  const query = { ...timeFields(filters), ...scope, ...(filters.status ? { status: filters.status } : {}), ...(filters.type ? { type: filters.type } : {}) } as ApplicationQuery<T, S>;
  const page = useLoad(() => load(paging, query), [paging, filters, version, JSON.stringify(scope)]);
  return (
    <>
      <FilterBar actions={exportAction?.(query)}>
        <FilterSelect<ApplicationState> name={names.status} label={text('columns.status')} value={filters.status} options={APPLICATION_STATES.map((s) => [s, t(`states.${s}`)] as const)} onChange={(v) => setFilter('status', v)} />
        <FilterSelect<T> name={names.type} label={text('columns.type')} value={filters.type} options={types.map((s) => [s, t(`types.${s}`)] as const)} onChange={(v) => setFilter('type', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<Row> describeFailure={describeFailure} label={label} dataKey="applicationId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />}>
        <Column header={text('columns.createdAt')} body={(row: Row) => <span {...{ [names.rowAttribute]: row.applicationId }}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={text('columns.type')} body={(row: Row) => t(`types.${row.type}`)} />
        {children}
        <Column header={text('columns.amount')} body={amount} />
        <Column header={text('columns.applicant')} body={(row: Row) => row.applicant} />
        <Column
          header={text('columns.status')}
          body={(row: Row) => (
            <span data-testid={`${names.testId}-status-${row.applicationId}`} data-status={row.status}>
              {t(`states.${row.status}`)}
              {row.approver ? <span className="td-field-hint">{text('decidedBy', { email: row.approver })}</span> : null}
              {row.rejectReason ? <span className="td-field-hint">{text('reason', { reason: row.rejectReason })}</span> : null}
              {statusNote?.(row)}
            </span>
          )}
        />
        <Column
          header={text('columns.actions')}
          body={(row: Row) =>
            row.status === 'applying' ? (
              <button type="button" className="td-link-button" aria-label={text('decideNamed', { id: row.applicationId })} onClick={() => onDecide(row)} data-testid={`${names.testId}-decide-${row.applicationId}`}>
                {text('decide')}
              </button>
            ) : null
          }
        />
      </RecordTable>
    </>
  );
}
