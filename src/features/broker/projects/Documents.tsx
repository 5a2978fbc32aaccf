import { useTranslation } from 'react-i18next';
import { ANALYTICS_EXPORT_FILES } from '../../../../contract/broker-analytics-rules.ts';
import '../lists.css';
import { ExportButton } from '../../../components/records/index.ts';
import { fileNameOf } from '../money/export-name.ts';
import { PROJECT_EXPORT_PATHS, projectFileName } from './exports.ts';

type DocumentKey = 'nav' | 'records' | 'holdings' | 'tradeBills';

/**
 * The project's documents (spec §2 project-detail/{projectNo}; spec §7 "Downloads"): the files a broker hands an investor or an auditor,
 * each the xlsx export of its table for this project over its whole life, under the cover block (server/broker):
 * the NAV statement (the zero-hour records, financingUnit/zeroRecord/export), the subscriptions and redemptions, the
 * investors' holdings, and the trade bills (order/tradeBill/export). spec §7 "Downloads".
 */
export function Documents({ projectNo }: { projectNo: string }) {
  const { t } = useTranslation('broker-project');
  const documents: Array<{ key: DocumentKey; path: string; fields: Record<string, string>; searchParams?: Record<string, string>; fileName: string }> = [
    { key: 'nav', path: '/broker/financingUnit/zeroRecord/export', fields: { projectNo }, fileName: fileNameOf(ANALYTICS_EXPORT_FILES.zeroRecords.fileName) },
    { key: 'records', path: PROJECT_EXPORT_PATHS.capitalRecords, fields: {}, searchParams: { projectNo }, fileName: projectFileName('capitalRecords') },
    { key: 'holdings', path: PROJECT_EXPORT_PATHS.holdings, fields: {}, searchParams: { projectNo }, fileName: projectFileName('holdings') },
    { key: 'tradeBills', path: '/broker/order/tradeBill/export', fields: { projectNo }, fileName: fileNameOf(ANALYTICS_EXPORT_FILES.tradeBill.fileName) },
  ];
  return (
    <section className="td-broker-panel td-broker-project-panel" aria-labelledby="project-documents" data-testid="project-documents">
      <h2 id="project-documents">{t('detail.documents.title')}</h2>
      <p className="td-broker-hint">{t('detail.documents.intro')}</p>
      <ul className="td-broker-project-documents">
        {documents.map((d) => (
          <li key={d.key} data-document={d.key}>
            <span>
              <strong>{t(`detail.documents.names.${d.key}`)}</strong>
              <span className="td-broker-hint">{t(`detail.documents.hints.${d.key}`)}</span>
            </span>
            <ExportButton path={d.path} fields={d.fields} {...(d.searchParams ? { searchParams: d.searchParams } : {})} fileName={d.fileName} label={t('detail.documents.download', { name: t(`detail.documents.names.${d.key}`) })} />
          </li>
        ))}
      </ul>
    </section>
  );
}
