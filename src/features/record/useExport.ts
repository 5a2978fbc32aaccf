import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { describeWalletError } from '../wallet/shared.ts';

export type ExportKind = 'coin' | 'fiatDeposit' | 'fiatWithdraw' | 'transfer' | 'convert';

/**
 * A records page's xlsx export (spec §7 download: a form-encoded POST to account/bill/export): the page's own
 * filters, in the page's language and this browser's time zone. A refusal (the JSON envelope instead of a
 * file) becomes a translated message.
 */
export function useRecordExport(kind: ExportKind, fileName: (day: string) => string) {
  const { i18n } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (filters: Record<string, string | number | undefined>) => {
    setExporting(true);
    setError(null);
    try {
      const fields: Record<string, string> = { kind, lang: i18n.language, tz: Intl.DateTimeFormat().resolvedOptions().timeZone };
      for (const [key, value] of Object.entries(filters)) if (value !== undefined) fields[key] = String(value);
      const day = formatDateTime(new Date()).slice(0, 10).replaceAll('-', '');
      await download('/account/bill/export', fields, fileName(day), { silent: true });
    } catch (failure) {
      setError(describeWalletError(tw, failure).message);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, run };
}
