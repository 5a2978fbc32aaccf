import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import { fiatApi, type FiatAssetInfo, type FiatRecord } from './api.ts';
import { useCopy } from './CopyField.tsx';
import { amountColumn, RecentTable } from './RecentRecords.tsx';
import { useLoad, type Loaded } from '../../lib/use-load.ts';

/** The fiat currencies the wallet takes (contract/fiat.ts on the sandbox). */
export const useFiatAssets = (): Loaded<FiatAssetInfo[]> => useLoad(() => fiatApi.assets(), []);

/** spec §4 fiat state, translated. */
export function FiatStatus({ status }: { status: FiatRecord['status'] | 'unconfirmed' }) {
  const { t } = useTranslation('wallet');
  return (
    <span className={`td-fund-state td-fund-state-${status}`} data-status={status}>
      {t(`fiat.status.${status}`)}
    </span>
  );
}

/** A bank detail to type into a bank's transfer form: shown whole, with a copy button that says whether it worked. */
export function CopyRow({ name, label, value }: { name: string; label: string; value: string }) {
  const { t } = useTranslation('wallet');
  const { copied, copy } = useCopy(value);
  return (
    <>
      <dt>{label}</dt>
      <dd className="td-copy-row" data-testid={`bank-${name}`}>
        <span className="td-copy-text" data-testid={`value-${name}`}>
          {value}
        </span>
        <button type="button" className="td-link-button" onClick={() => void copy()} aria-label={t('fiat.copyNamed', { what: label })}>
          {t('deposit.copy')}
        </button>
        <span role="status" className="td-muted">
          {copied === 'ok' ? t('deposit.copied') : copied === 'failed' ? t('deposit.copyFailed') : ''}
        </span>
      </dd>
    </>
  );
}

/** The latest fiat deposits or withdrawals of a currency under its form. */
export function FiatRecentRecords({ rows, loaded, type }: { rows: readonly FiatRecord[]; loaded: boolean; type: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation('wallet');
  return (
    <RecentTable<FiatRecord>
      rows={rows}
      loaded={loaded}
      columns={[
        amountColumn(t('columns.amount')),
        {
          id: 'bank',
          header: type === 'withdraw' ? t('fiat.bankAccount') : t('fiat.bankReference'),
          cellProps: () => ({ className: 'td-break' }),
          cell: (row) => (type === 'withdraw' ? t('fiat.accountShort', { beneficiary: row.beneficiary ?? '--', account: maskAccount(row.accountNumber) }) : (row.bankReference ?? '--')),
        },
        { id: 'status', header: t('columns.status'), cell: (row) => <FiatStatus status={row.status} /> },
      ]}
    />
  );
}

/** An account number in a list: its last four characters (the whole number is on the address page). */
export function maskAccount(account: string | null): string {
  if (!account) return '--';
  return account.length > 4 ? `•••• ${account.slice(-4)}` : account;
}

export const timeOf = (iso: string | null) => formatDateTime(iso, { zone: true });
