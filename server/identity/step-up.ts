import type { Queryable } from '../platform/db/client.ts';
import { checkCode, consumeCodes } from './codes.ts';
import type { Operation } from './operations.ts';
import type { ApiContext } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { attempt, type Caller, type FailureResult, signedInPasswordSubject } from './lockout.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import type { Auth } from './sessions.ts';
import { sourceAttempt } from './strangers.ts';
import { checkGa } from './totp.ts';
import type { UserRow } from './users.ts';

/**
 * Step-up re-authentication for sensitive changes (spec §6 "confirmations on … Google changes", §7 updatePwd):
 * binding or changing the Google authenticator, changing e-mail, phone or password, and — for the wallet —
 * switching the withdrawal whitelist off and adding withdrawal addresses. A session token alone is not enough:
 * each such call carries, in its own body,
 *   - `password`: the account password, RSA-encrypted like every password field (updatePwd keeps `oldPassword`),
 *   - `emailUuid` + `emailCode`: an e-mail code of the call's own businessType (`purpose`), sent to the
 *     signed-in user's address by `POST /institution/email/captcha`,
 *   - `gaCode`: the CURRENT Google code, required only while an authenticator is bound.
 * The factors are checked, in that order, before anything is written; what they used up (the e-mail code,
 * the Google time step) is used up once: the e-mail code by `consume(tx)` inside the request's own transaction
 * (a call that fails later leaves it usable), the Google time step at once by `checkGa`.
 *
 * Wallet calls (whitelist off, add address) use it the same way:
 *   const stepUp = await verifyStepUp(ctx, auth, body, 'whitelistOff');
 *   await ctx.db.transaction(async (tx) => { await stepUp.consume(tx); …the change… });
 * after adding their purpose to `stepUpPurposes` (it becomes an accepted businessType of the e-mail sender).
 * A purpose whose code approves one operation passes it (`options.operation`, operations.ts): the code must have
 * been sent for that operation (addAddress: the entry to save, named in the send call; whitelistOff: the user's
 * own switch).
 */
// The broker's two (server/broker/README.md "Maker-checker controls") take their e-mail code from the broker's own
// sender (broker/fundTransfer/invokeEmailValidation), which sends the same business types to the caller's e-mail.
export const stepUpPurposes = ['updatePwd', 'bindPhone', 'updatePhone', 'updateEmailOld', 'bindGa', 'whitelistOff', 'addAddress', 'antiPhishing', 'brokerApiKey', 'brokerUnbind'] as const;
export type StepUpPurpose = (typeof stepUpPurposes)[number];

export interface StepUpFactors {
  /** RSA ciphertext of the account password. */
  password?: string | undefined;
  emailUuid?: string | undefined;
  emailCode?: string | undefined;
  /** The current Google code (not one from a secret being bound). */
  gaCode?: string | undefined;
}

export interface StepUp {
  /** Marks the e-mail code used; call inside the request's transaction. */
  consume(tx: Queryable): Promise<void>;
}

export interface StepUpOptions {
  /** Field name of the password in this call's body (updatePwd: `oldPassword`). */
  passwordField?: string;
  /** Business code for a wrong password (updatePwd keeps spec §7's 10012 'Old password is incorrect'). */
  wrongPasswordCode?: Code;
  /** What the call does, for a purpose whose code approves one operation (addAddress, whitelistOff; operations.ts). */
  operation?: Operation;
}

/**
 * The ONE place where a password check (sign-in, step-up, authenticator reset) touches the lockout (spec §8):
 * counted before it is evaluated (lockout.ts `attempt`), so a parallel burst evaluates at most the threshold.
 * Who asks decides what is counted (server/README.md "Lockouts"):
 *   - without a session (`{ signedIn: false, ip }`: sign-in, pre-login, the authenticator reset): the spec's
 *     5-failure lock per user name AND source address, inside a ceiling per user name over the sources the account
 *     has never signed in from (`passwordAccount`, 20 a day) for an attack spread over many addresses
 *     (strangers.ts). A stranger who knows a login e-mail locks out only their own address (or, spread out, the
 *     unknown ones), never the owner's own sources, and records no withdrawal ban;
 *   - the signed-in owner at a step-up (`{ signedIn: true }`): 5 per user name of signed-in tries, which no caller
 *     without a session reaches; its lock bans withdrawals (spec §4 reason 1).
 * A success clears the counts it took part in. Returns null on success, else the failure (with `locked` set when
 * it locked).
 */
export async function countedPasswordCheck(
  ctx: ApiContext,
  subject: string,
  user: UserRow | undefined,
  password: Buffer | string,
  caller: Caller,
): Promise<FailureResult | null> {
  const evaluate = async () => ((await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()))) && user ? true : null);
  const outcome = caller.signedIn
    ? await attempt(ctx, 'password', signedInPasswordSubject(subject), caller.userId, evaluate)
    : await sourceAttempt(
        ctx,
        { kind: 'password', target: subject, ip: caller.ip, userId: user?.id ?? null, ceiling: { kind: 'passwordAccount', subject } },
        evaluate,
      );
  return outcome.ok ? null : outcome;
}

export async function verifyStepUp(
  ctx: ApiContext,
  auth: Auth,
  factors: StepUpFactors,
  purpose: StepUpPurpose,
  options: StepUpOptions = {},
): Promise<StepUp> {
  const { user } = auth;
  const passwordField = options.passwordField ?? 'password';
  if (!factors.password) throw badInput(passwordField, 'required', 'The account password is required');
  if (factors.emailCode === undefined) throw badInput('emailCode', 'required', 'An e-mail verification code is required');
  if (user.ga_secret && !factors.gaCode) throw badInput('gaCode', 'required', 'Google verification code is required');

  const failure = await countedPasswordCheck(ctx, user.email_lower, user, ctx.keys.decrypt(factors.password), { signedIn: true, userId: user.id });
  if (failure) {
    if (failure.locked) throw new ApiError(Code.locked, failure.locked);
    throw new ApiError(options.wrongPasswordCode ?? Code.stepUpPasswordWrong, {
      errorCount: failure.errorCount,
      remainingAttempts: failure.remainingAttempts,
    });
  }
  const emailUuid = await checkCode(ctx, {
    channel: 'email',
    uuid: factors.emailUuid,
    code: factors.emailCode,
    businessTypes: [purpose],
    destination: user.email_lower,
    userId: user.id,
    caller: { signedIn: true, userId: user.id },
    operation: options.operation,
  });
  // checkGa claims the Google time step itself (totp.ts), so the current code works once.
  await checkGa(ctx, user, factors.gaCode);
  return {
    async consume(tx) {
      await consumeCodes(ctx, tx, [emailUuid]);
    },
  };
}
