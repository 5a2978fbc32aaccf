import { generateSecret, generateURI, verify } from 'otplib';
import type { ApiContext } from './context.ts';
import { ApiError, badInput, Code } from './envelope.ts';
import { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
import type { UserRow } from './users.ts';

/** Google authenticator: RFC 6238 TOTP, SHA-1, 6 digits, 30 s, as the app expects. */
export function newGaSecret(ctx: ApiContext, account: string): { secretKey: string; otpauthUrl: string } {
  const secretKey = generateSecret();
  return { secretKey, otpauthUrl: generateURI({ issuer: ctx.totpIssuer, label: account, secret: secretKey }) };
}

/**
 * Checks a code against `secret` at the clock's time, one step either side for clock drift; a step that was
 * already used (or an earlier one) is refused, so a code cannot be replayed. Returns the matched step.
 */
export async function matchTotp(
  ctx: ApiContext,
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(ctx.clock.now() / 1000),
    epochTolerance: 30,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * spec §6/§7: operations that take a gaCode need it when the authenticator is bound. Wrong codes count
 * toward the Google-code lockout (spec §8). Returns the step to store as used, or null when not bound.
 */
export async function checkGa(ctx: ApiContext, user: UserRow, code: string | undefined): Promise<number | null> {
  if (!user.ga_secret) return null;
  if (!code) throw badInput('gaCode', 'required', 'Google verification code is required');
  const subject = String(user.id);
  await assertNotLocked(ctx, 'gaCode', subject);
  const step = await matchTotp(ctx, user.ga_secret, code, user.ga_last_step);
  if (step !== null) {
    await clearFailures(ctx.db, 'gaCode', subject);
    return step;
  }
  const failure = await recordFailure(ctx, 'gaCode', subject, user.id);
  if (failure.locked) throw new ApiError(Code.locked, failure.locked);
  throw new ApiError(Code.gaWrong, { errorCount: failure.errorCount, remainingAttempts: failure.remainingAttempts });
}
