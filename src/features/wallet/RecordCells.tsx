import { useTranslation } from 'react-i18next';
import type { CoinRecord } from './api.ts';

/** spec §4 fund state of a coin record, translated; a pending one with its confirmations so far. */
export function CoinStatus({ row }: { row: CoinRecord }) {
  const { t } = useTranslation('wallet');
  const pending = row.status === 'deposit_pending' || row.status === 'withdraw_pending';
  return (
    <span className={`td-fund-state td-fund-state-${row.status}`} data-status={row.status}>
      {t(`status.${row.status}`)}
      {pending ? <span className="td-muted"> {t('status.confirmations', { done: row.confirmations, required: row.confirmationsRequired })}</span> : null}
    </span>
  );
}

/** A long value (address, transaction id) shortened in the middle, whole in its title and to assistive tech. */
export function ShortValue({ value }: { value: string | null }) {
  if (!value) return <span>--</span>;
  const short = value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-8)}` : value;
  return (
    <span className="td-short-value" title={value}>
      <span aria-hidden="true">{short}</span>
      <span className="td-visually-hidden">{value}</span>
    </span>
  );
}
