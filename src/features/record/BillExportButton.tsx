import { useTranslation } from 'react-i18next';
import type { useRecordExport } from './useExport.ts';

/**
 * A money records page's export button (account/bill/export, spec §7 download). It exports what the filters list:
 * a search by record id finds one row on screen and is not an export filter.
 */
export function BillExportButton({ exporter, filters }: { exporter: ReturnType<typeof useRecordExport>; filters: Record<string, string | number | undefined> }) {
  const { t } = useTranslation('record');
  return (
    <button type="button" className="td-button td-button-secondary td-record-export" disabled={exporter.exporting} onClick={() => void exporter.run(Object.fromEntries(Object.entries(filters).filter(([key]) => key !== 'recordId')))} data-testid="record-export">
      {exporter.exporting ? t('export.exporting') : t('export.button')}
    </button>
  );
}
