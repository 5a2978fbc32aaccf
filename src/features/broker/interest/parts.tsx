import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format/index.ts';
import { Field } from '../../../components/form/index.ts';
import { DataTable, type DataColumn } from '../../../components/records/index.ts';
import type { ProjectOption } from './api.ts';

/**
 * A small table of the interest pages (a bill's lines, its history, the investors of a project): not paged, it
 * scrolls sideways inside its own focusable region on a phone rather than widening the page.
 */
export function PlainTable({ label, head, rows, testId, numeric = [] }: { label: string; head: string[]; rows: ReactNode[][]; testId: string; numeric?: number[] }) {
  const columns: DataColumn<ReactNode[]>[] = head.map((h, i) => ({ id: h, header: h, cell: (cells) => cells[i], ...(numeric.includes(i) ? { numeric: true } : {}) }));
  return <DataTable<ReactNode[]> rows={rows} rowKey={(_cells, index) => index} columns={columns} testId={testId} className="td-table" region={{ className: 'td-table-scroll td-broker-interest-table', label }} headersWhenEmpty />;
}

/** The project picker (GET /broker/project): the organisation's projects by name and number. */
export function ProjectSelect({
  projects,
  value,
  onChange,
  allowAll = false,
}: {
  projects: readonly ProjectOption[];
  value: string;
  onChange: (projectNo: string) => void;
  allowAll?: boolean;
}) {
  const { t } = useTranslation('broker-interest');
  return (
    <Field name="projectNo" label={t('common.project')}>
      {(aria) => (
        <select {...aria} data-testid="input-projectNo" value={value} onChange={(e) => onChange(e.target.value)}>
          {allowAll ? <option value="">{t('common.allProjects')}</option> : null}
          {projects.map((p) => (
            <option key={p.projectNo} value={p.projectNo}>
              {t('common.projectOption', { name: p.name, projectNo: p.projectNo })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * An interest amount as the ledger holds it: every decimal it has (at most 8, spec §9 long numbers), so the screen,
 * the export and the ledger show the same figure (the asset's display precision would cut accruals of 8 decimals).
 */
export function interestText(value: string, asset: string): string {
  return `${formatQuantity(value)} ${asset}`;
}

export function InterestAmount({ value, asset, testId }: { value: string; asset: string; testId?: string }) {
  const text = interestText(value, asset);
  // Marked as at the ledger's precision: the glossary's asset precision (USDT 4) does not apply to accruals.
  return (
    <span data-testid={testId} data-precision="ledger">
      {text}
    </span>
  );
}
