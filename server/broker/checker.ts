import { consumeCodes } from '../identity/codes.ts';
import { kycState } from '../identity/kyc.ts';
import type { Auth } from '../identity/sessions.ts';
import { checkGa } from '../identity/totp.ts';
import type { ApiContext } from '../platform/context.ts';
import type { Queryable } from '../platform/db/client.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { Operation } from '../identity/operations.ts';
import { checkBrokerSecondFactor } from './second-factor.ts';

/**
 * The checker of spec §4's maker-checker (server/broker/README.md "Maker-checker controls"): a second person, not a
 * second e-mail address. Whoever approves or rejects a broker application — a transfer or withdrawal, a profit
 * application, an API key that moves money, unbinding a funded sub-account — must have advanced KYC certified
 * (spec §6: the level that unlocks fiat and OTC) and a Google authenticator bound (10490 with `reason` otherwise),
 * and every decision carries the checker's current Google code (400 `gaCode` `required` without it). An approval
 * also takes the e-mail code of business type `brokerApprove`, as before.
 */
export async function requireChecker(ctx: ApiContext, auth: Auth, gaCode: string | undefined): Promise<void> {
  const kyc = await kycState(ctx.db, auth.user.id);
  if (kyc.advanced.status !== 'Certified') throw new ApiError(Code.brokerCheckerIneligible, { reason: 'kycAdvanced' });
  if (!auth.user.ga_secret) throw new ApiError(Code.brokerCheckerIneligible, { reason: 'authenticator' });
  if (!gaCode) throw badInput('gaCode', 'required', 'Google verification code is required');
}

/** What an approval's factors used up: the e-mail code, to be consumed in the transaction that decides. */
export interface CheckerFactors {
  consume(tx: Queryable): Promise<void>;
}

/**
 * An approval's checks, before its transaction: the checker rule, then the e-mail code (`brokerApprove`) and the
 * Google code (checkBrokerSecondFactor: both are counted towards their lockouts). `operation`: the one application
 * the e-mail code must have been sent for approving (code-operations.ts).
 */
export async function checkApproval(
  ctx: ApiContext,
  auth: Auth,
  factors: { emailUuid?: string | undefined; emailCode?: string | undefined; gaCode?: string | undefined },
  operation: Operation,
): Promise<CheckerFactors> {
  await requireChecker(ctx, auth, factors.gaCode);
  const uuid = await checkBrokerSecondFactor(ctx, auth, factors, 'brokerApprove', operation);
  return { consume: (tx) => consumeCodes(ctx, tx, [uuid]) };
}

/** A rejection's checks: the checker rule and the Google code (a rejection moves no money out, so no e-mail code). */
export async function checkRejection(ctx: ApiContext, auth: Auth, gaCode: string | undefined): Promise<void> {
  await requireChecker(ctx, auth, gaCode);
  await checkGa(ctx, auth.user, gaCode);
}
