import { useTranslation } from 'react-i18next';
import { withdrawBanMessage } from '../errors.ts';
import type { WithdrawBan } from '../types.ts';
import { formatDateTime } from '../../../lib/format/index.ts';

/** spec §8 withdrawal restriction messages: restricted until a time, each with its reason. */
export function WithdrawBans({ bans }: { bans: WithdrawBan[] | undefined }) {
  const { t } = useTranslation('account');
  if (!bans || bans.length === 0) return null;
  return (
    <ul className="td-notice td-notice-warning" data-testid="withdraw-bans">
      {bans.map((ban) => (
        <li key={`${ban.reason}-${ban.createdAt}`}>{withdrawBanMessage(t, ban, (iso) => formatDateTime(iso, { zone: true }))}</li>
      ))}
    </ul>
  );
}
