import { generateSecret, generateURI, verify } from 'otplib';
import type { ApiContext } from '../platform/context.ts';
import { badInput, Code } from '../platform/envelope.ts';
import { attempt, failureError } from './lockout.ts';
import type { Queryable } from '../platform/db/client.ts';
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
 * toward the Google-code lockout (spec §8), counted before evaluation (`attempt`). A right code claims its
 * time step at once, so it works once however many requests carry it. Returns the step, or null when not bound.
 */
export async function checkGa(ctx: ApiContext, user: UserRow, code: string | undefined): Promise<number | null> {
  const secret = user.ga_secret;
  if (!secret) return null;
  if (!code) throw badInput('gaCode', 'required', 'Google verification code is required');
  const outcome = await attempt(ctx, 'gaCode', String(user.id), user.id, async () => {
    const step = await matchTotp(ctx, secret, code, null);
    return step !== null && (await claimGaStep(ctx.db, user.id, step)) ? step : null;
  });
  if (!outcome.ok) throw failureError(outcome, Code.gaWrong);
  return outcome.value;
}

/** Marks `step` used if no later or equal step was: one conditional update, so parallel requests cannot both win. */
export async function claimGaStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await db.query('update users set ga_last_step = $2 where id = $1 and (ga_last_step is null or ga_last_step < $2) returning id', [
    userId,
    step,
  ]);
  return rows.length === 1;
}
