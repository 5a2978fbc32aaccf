import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { withdrawBanMessage } from '../errors.ts';
import type { WithdrawBan } from '../types.ts';
import { formatTime } from './format-time.ts';

/** spec §8 withdrawal restriction messages: restricted until a time, each with its reason. */
export function WithdrawBans({ bans }: { bans: WithdrawBan[] | undefined }) {
  const { t } = useTranslation('account');
  const { lang = 'zh-HK' } = useParams();
  if (!bans || bans.length === 0) return null;
  return (
    <ul className="td-notice td-notice-warning" data-testid="withdraw-bans">
      {bans.map((ban) => (
        <li key={`${ban.reason}-${ban.createdAt}`}>{withdrawBanMessage(t, ban, (iso) => formatTime(iso, lang))}</li>
      ))}
    </ul>
  );
}
