import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download as defaultDownload, isApiError } from '../../lib/api/index.ts';

export type ExportFields = Record<string, string | number | undefined>;
type Download = typeof defaultDownload;

/**
 * A list's xlsx export (spec §7 "Downloads": the shared download helper posts the fields form-encoded,
 * saves the file, or reads the JSON error body). The file name is the spec's Chinese one, passed in by the page
 * (e.g. 出入金記錄 for account/bill/export, 操作記錄 for exportBrokerFinancingAction). A refusal shows beside
 * the button. Its texts are the broker namespace's (kit.*), which the pages that use it load.
 */
export function ExportButton({
  path,
  fields,
  fileName,
  searchParams,
  label,
  download = defaultDownload,
}: {
  path: string;
  fields: ExportFields;
  fileName: string;
  /** Calls that take their filters as query parameters (exportBrokerFinancingAction, spec §7). */
  searchParams?: Record<string, string | number>;
  /** The button's accessible name where several exports sit together (the visible text stays "export"). */
  label?: string;
  /** The download helper; a test passes its own. */
  download?: Download;
}) {
  const { t } = useTranslation('broker');
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setExporting(true);
    setError(null);
    try {
      const form: Record<string, string> = { tz: Intl.DateTimeFormat().resolvedOptions().timeZone };
      for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') form[key] = String(value);
      await download(path, form, fileName, { silent: true, ...(searchParams ? { searchParams } : {}) });
    } catch (failure) {
      setError(t('kit.exportFailed', { message: isApiError(failure) ? failure.message : String(failure) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <span className="td-broker-export">
      <button type="button" className="td-broker-button" disabled={exporting} onClick={() => void run()} aria-label={label} data-testid="broker-export">
        {exporting ? t('kit.exporting') : t('kit.export')}
      </button>
      {error ? (
        <span className="td-broker-export__error" role="alert" data-testid="broker-export-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
