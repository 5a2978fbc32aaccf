import { fiatAsset, fiatDay } from '../../contract/fiat.ts';
import { badInput } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, out } from '../platform/decimal.ts';

/** The wallet's fiat currencies (contract/fiat.ts) and a user's daily withdrawal limit of one. */

export function requireFiat(asset: string) {
  const fiat = fiatAsset(asset);
  if (!fiat) throw badInput('asset', 'unsupported', `${asset} is not a fiat currency of the wallet`);
  return fiat;
}

/** Today's limit of a currency for a user (Hong Kong day). */
export async function remaining(db: Queryable, userId: number, asset: string, now: Date) {
  const fiat = requireFiat(asset);
  const { day, resetsAt } = fiatDay(now);
  const rows = await db.query<{ used: string }>('select used::text as used from fiat_daily_usage where user_id = $1 and asset = $2 and day = $3', [
    userId,
    asset,
    day,
  ]);
  const used = new D(rows[0]?.used ?? '0');
  const left = D.max(0, new D(fiat.dailyLimit).sub(used));
  return { asset, dailyLimit: fiat.dailyLimit, used: out(used), remaining: out(left), resetsAt: resetsAt.toISOString(), day };
}
