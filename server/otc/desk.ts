import type Decimal from 'decimal.js';
import { convertKind } from '../../contract/convert.ts';
import { OTC_ASSETS, OTC_TERMS } from '../../contract/otc.ts';
import { KYC_LEVEL_FOR } from '../../contract/rules.ts';
import type { ApiContext } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { kycState } from '../identity/kyc.ts';
import { refuseIfFrozen } from '../identity/freeze-guard.ts';
import type { UserRow } from '../identity/users.ts';
import { convertAsset } from '../convert/index.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, out } from '../platform/decimal.ts';
import { balances } from '../ledger/balances.ts';
import { Account } from '../ledger/ledger.ts';
import { deskHours } from './hours.ts';

/** The desk's OTC settings (the sandbox's; spec §9 gives the minimum, hours and promises in OTC_TERMS). */
export const OTC_DESK = {
  /** Tighter than convert's: block size. */
  spread: new D('0.0005'),
  /** The largest order the desk quotes a user without the operations manager (spec §8 'Quote limit exceeded'). */
  quoteLimitUsd: new D('10000000'),
  /** A delegated order may wait at most this long. */
  maxLimitDays: 30,
};

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** spec §6: OTC needs advanced KYC; a frozen account may not exchange (§4). */
export async function checkMayTrade(ctx: ApiContext, user: UserRow): Promise<void> {
  const kyc = await kycState(ctx.db, user.id);
  if (kyc[KYC_LEVEL_FOR.otc].status !== 'Certified') throw new ApiError(Code.kycState, { level: KYC_LEVEL_FOR.otc });
  refuseIfFrozen(user);
}

export function checkOpen(now: Date): void {
  const hours = deskHours(now);
  if (!hours.open) throw new ApiError(Code.otcClosed, { nextOpenAt: hours.nextOpenAt.toISOString() });
}

/** Minimum (spec §9) and the user's quote limit (spec §8), on the from side's USD value at the books. */
export function checkSize(usdValue: Decimal): void {
  if (usdValue.lt(OTC_TERMS.minUsd)) throw new ApiError(Code.otcBelowMinimum, { minUsd: OTC_TERMS.minUsd, usdValue: out(usdValue, 2) });
  if (usdValue.gt(OTC_DESK.quoteLimitUsd)) throw new ApiError(Code.quoteLimitExceeded, { quoteLimitUsd: OTC_DESK.quoteLimitUsd.toFixed() });
}

export function otcPair(fromAsset: string, toAsset: string) {
  const isOtc = (a: string) => (OTC_ASSETS as readonly string[]).includes(a);
  if (!isOtc(fromAsset)) throw badInput('fromAsset', 'unsupported', `${fromAsset} is not traded OTC`);
  if (!isOtc(toAsset)) throw badInput('toAsset', 'unsupported', `${toAsset} is not traded OTC`);
  // The same pairs as convert: two different assets, not two fiat currencies.
  if (!convertKind(fromAsset, toAsset)) throw badInput('toAsset', 'pair', `${fromAsset} does not trade against ${toAsset}`);
  return { from: convertAsset(fromAsset)!, to: convertAsset(toAsset)! };
}

export function decimalsOk(field: string, amount: Decimal, decimals: number): void {
  if (amount.lte(0)) throw badInput(field, 'positive', `${field} must be greater than zero`);
  if (amount.decimalPlaces() > decimals) throw badInput(field, 'decimals', `${field} has more than ${decimals} decimals`);
}

/** The user's capital balances by asset. */
export const freeOf = async (q: Queryable, userId: number) => new Map((await balances(q, userId, Account.capital)).map((b) => [b.asset, b]));
