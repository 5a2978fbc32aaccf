import { useTranslation } from 'react-i18next';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import '../lists.css';
import { ExportButton } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import type { Loaded } from '../../../lib/use-load.ts';
import { LoadError } from '../parts.tsx';
import type { Holding } from './api.ts';
import { PROJECT_EXPORT_PATHS, projectFileName } from './exports.ts';
import { formatUnits } from './rules.ts';

const usdt = (value: string) => formatAssetAmount(value, 'USDT');

/**
 * The investors' holdings of a project (project/listCapital; issue 15): units, principal, value at the live NAV per
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
      {capital.data && list.length === 0 ? <EmptyState /> : null}
      {list.length > 0 ? (
        <div className="td-broker-scroll" role="region" aria-label={t('detail.investors')} tabIndex={0}>
          <table className="td-broker-table td-record-table" data-testid="project-holdings">
            <thead>
              <tr>
                <th scope="col">{t('detail.investorColumns.name')}</th>
                <th scope="col">{t('detail.investorColumns.email')}</th>
                <th scope="col" className="td-num">
                  {t('detail.investorColumns.units')}
                </th>
                <th scope="col" className="td-num">
                  {t('detail.investorColumns.principal')}
                </th>
                <th scope="col" className="td-num">
                  {t('detail.investorColumns.value')}
                </th>
                <th scope="col" className="td-num">
                  {t('detail.investorColumns.interest')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((h) => (
                <tr key={h.investorId} data-investor={h.investorId}>
                  <td>{h.name}</td>
                  <td>{h.email}</td>
                  <td className="td-num" data-testid="holding-units">
                    {formatUnits(h.units)}
                  </td>
                  <td className="td-num" data-testid="holding-principal">
                    {usdt(h.principal)}
                  </td>
                  <td className="td-num" data-testid="holding-value">
                    {usdt(h.value)}
                  </td>
                  <td className="td-num" data-testid="holding-interest">
                    {usdt(h.interestUnsettled)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {interestPayable !== null ? (
        <p className="td-broker-sum" data-testid="interest-summary">
          {t('detail.interestTotal', { amount: `${usdt(interestPayable)} USDT` })}
        </p>
      ) : null}
    </section>
  );
}
