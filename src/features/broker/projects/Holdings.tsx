import { useTranslation } from 'react-i18next';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import '../lists.css';
import { DataTable, ExportButton } from '../../../components/records/index.ts';
import type { Loaded } from '../../../lib/use-load.ts';
import { LoadError } from '../parts.tsx';
import type { Holding } from './api.ts';
import { PROJECT_EXPORT_PATHS, projectFileName } from './exports.ts';
import { formatUnits } from './rules.ts';

const usdt = (value: string) => formatAssetAmount(value, 'USDT');

/**
 * The investors' holdings of a project (spec §7 project/listCapital): units, principal, value at the live NAV per
 * unit, and the interest accrued for each and not yet settled — with the project's total interest payable (the
 * interest summary; the settlement itself is on the interest page).
 */
export function Holdings({ projectNo, capital, interestPayable }: { projectNo: string; capital: Loaded<{ list: Holding[]; nav: string; units: string }>; interestPayable: string | null }) {
  const { t } = useTranslation('broker-project');
  const list = capital.data?.list ?? [];
  return (
    <section className="td-broker-panel td-broker-project-panel" aria-labelledby="project-investors">
      <div className="td-broker-project-panel__head">
        <h2 id="project-investors">{t('detail.investors')}</h2>
        <ExportButton path={PROJECT_EXPORT_PATHS.holdings} fields={{}} searchParams={{ projectNo }} fileName={projectFileName('holdings')} />
      </div>
      <LoadError error={capital.error} />
      {capital.data ? (
        <DataTable<Holding>
          rows={list}
          rowKey={(h) => h.investorId}
          rowProps={(h) => ({ 'data-investor': h.investorId })}
          testId="project-holdings"
          className="td-broker-table td-record-table"
          region={{ className: 'td-broker-scroll', label: t('detail.investors') }}
          columns={[
            { id: 'name', header: t('detail.investorColumns.name'), cell: (h) => h.name },
            { id: 'email', header: t('detail.investorColumns.email'), cell: (h) => h.email },
            { id: 'units', header: t('detail.investorColumns.units'), numeric: true, cell: (h) => formatUnits(h.units), cellProps: () => ({ 'data-testid': 'holding-units' }) },
            { id: 'principal', header: t('detail.investorColumns.principal'), numeric: true, cell: (h) => usdt(h.principal), cellProps: () => ({ 'data-testid': 'holding-principal' }) },
            { id: 'value', header: t('detail.investorColumns.value'), numeric: true, cell: (h) => usdt(h.value), cellProps: () => ({ 'data-testid': 'holding-value' }) },
            { id: 'interest', header: t('detail.investorColumns.interest'), numeric: true, cell: (h) => usdt(h.interestUnsettled), cellProps: () => ({ 'data-testid': 'holding-interest' }) },
          ]}
        />
      ) : null}
      {interestPayable !== null ? (
        <p className="td-broker-sum" data-testid="interest-summary">
          {t('detail.interestTotal', { amount: `${usdt(interestPayable)} USDT` })}
        </p>
      ) : null}
    </section>
  );
}
