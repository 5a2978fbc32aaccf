import { type ApiContext, type FailureKind, nowDate } from '../platform/context.ts';
import { firstInWindow } from '../platform/rates.ts';
import { issueFreezeLink } from './freeze-link.ts';
import { type AttemptOutcome, attempt, currentLock, nestedAttempt, passwordSubject } from './lockout.ts';
import { utcTime, writeOutbox } from './outbox.ts';
import { isLanguage, mailText } from './mail.ts';
import { DEFAULT_LANGUAGE } from '../../contract/rules.ts';

/**
 * Wrong secrets from a caller without a session (sign-in and pre-login passwords, the authenticator reset's
 * password and e-mail code, password-reset codes, registration codes): server/README.md "Lockouts". They count
 * against the caller's source address — `<source> <user name or address>` — so a stranger who knows a login
 * e-mail locks out only their own address, and each code still spends its own 5 attempts. For an account, a
 * ceiling over the sources it has never signed in from throttles an attack spread over many addresses; a source
 * the account has signed in from is never held by it. None of these locks the owner's signed-in channels
 * (step-ups, withdrawal codes: other subjects) and none records a withdrawal ban (spec §4 reasons 1–3 follow the
 * owner's own signed-in failures only). When one locks a source or the ceiling for a known account, the owner is
 * mailed once per `Limits.strangerAlertWindowMs`, with a link that freezes the account (freeze-link.ts).
 */
export interface SourceCount {
  kind: Extract<FailureKind, 'password' | 'emailCode' | 'smsCode'>;
  /** The user name (passwords) or the address or phone (codes) the secret was given for. */
  target: string;
  /** The caller's source address. */
  ip: string;
  /** The account behind `target`, when there is one: it is told, and its sign-in history names its own sources. */
  userId: number | null;
  /** The count over the sources the account never signed in from (null: none). */
  ceiling: { kind: Extract<FailureKind, 'passwordAccount' | 'codeAccount'>; subject: string } | null;
}

/** The ceiling subject of wrong codes from unknown sources (the signed-in count of the account is `user:<id>`). */
export function unknownSourcesSubject(userId: number): string {
  return `unknown-sources user:${userId}`;
}

/** Whether the account has signed in from this address before. Asked for no account (-1) too, so both take the same path. */
export async function knownSource(ctx: ApiContext, userId: number | null, ip: string): Promise<boolean> {
  const rows = await ctx.db.query('select 1 from login_history where user_id = $1 and ip = $2 limit 1', [userId ?? -1, ip]);
  return rows.length > 0;
}

/** One attempt at a secret by a caller without a session (lockout.ts `attempt`), counted as above; never bans. */
export async function sourceAttempt<T>(ctx: ApiContext, count: SourceCount, evaluate: () => Promise<T | null>): Promise<AttemptOutcome<T>> {
  const known = await knownSource(ctx, count.userId, count.ip);
  const perSource = { kind: count.kind, subject: passwordSubject(count.target, count.ip), userId: null };
  const ceiling = known ? null : count.ceiling;
  const outcome = ceiling
    ? await nestedAttempt(ctx, { ...ceiling, userId: null }, perSource, evaluate)
    : await attempt(ctx, perSource.kind, perSource.subject, null, evaluate);
  if (!outcome.ok && outcome.locked && count.userId !== null) {
    const atCeiling = ceiling !== null && (await currentLock(ctx, ceiling.kind, ceiling.subject)) !== null;
    await alertOwner(ctx, count.userId, { kind: count.kind, ip: count.ip, atCeiling });
  }
  return outcome;
}

/** The mail to the owner (once per window): what was wrong, from where, when, what is blocked, and the freeze link. */
async function alertOwner(ctx: ApiContext, userId: number, what: { kind: SourceCount['kind']; ip: string; atCeiling: boolean }): Promise<void> {
  const now = nowDate(ctx);
  await ctx.db.transaction(async (tx) => {
    const user = (await tx.query<{ email_lower: string; preferred_language: string }>('select email_lower, preferred_language from users where id = $1', [userId]))[0];
    if (!user || !(await firstInWindow(ctx, tx, `strangerAlert:${userId}`, ctx.limits.strangerAlertWindowMs))) return;
    const token = await issueFreezeLink(ctx, tx, userId);
    const hours = (ms: number) => Math.round(ms / 3_600_000);
    const wait = hours(ctx.limits.lockout[what.kind].waitMs);
    const language = isLanguage(user.preferred_language) ? user.preferred_language : DEFAULT_LANGUAGE;
    await writeOutbox(ctx, tx, {
      channel: 'email',
      destination: user.email_lower,
      businessType: 'strangerFailures',
      userId,
      subject: mailText(language, 'strangers.subject'),
      body: [
        mailText(language, what.kind === 'password' ? 'strangers.wrongPasswords' : 'strangers.wrongCodes'),
        mailText(language, 'facts.time', { time: utcTime(now) }),
        mailText(language, 'facts.ip', { ip: what.ip }),
        mailText(language, what.atCeiling ? 'strangers.paused' : 'strangers.blocked', { hours: wait }),
        mailText(language, 'strangers.unaffected'),
        mailText(language, 'strangers.freeze', { hours: hours(ctx.limits.freezeLinkTtlMs) }),
        `${ctx.appOrigin}/${language}/freeze-account#token=${token}`,
        mailText(language, 'strangers.frozen'),
      ].join('\n'),
    });
  });
}
