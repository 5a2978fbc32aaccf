import { GA_RESET_RESTRICTION_HOURS } from '../../contract/rules.ts';
import type { Authenticate } from './auth.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './clock.ts';
import type { RsaKeys } from './rsa.ts';
import type { UploadStore } from './uploads.ts';

/**
 * What a lockout counts (spec §8; server/README.md "Lockouts"): `password` per (user name, source address) — the
 * spec's 5-failure lock — for a caller without a session, and per user name for a signed-in step-up;
 * `passwordAccount` per user name over the sources the account never signed in from, so a stranger locks out only
 * their own address (or, spread out, the unknown ones) while a spread-out attack still meets a ceiling;
 * `emailCode`/`smsCode` per address across codes (per source and address without a session) and `codeAccount` per
 * account across its addresses; `gaCode` per user.
 */
export type FailureKind = 'password' | 'passwordAccount' | 'emailCode' | 'smsCode' | 'codeAccount' | 'gaCode';

/** A fixed-window rate: at most `limit` events per `windowMs`. */
export interface Rate {
  limit: number;
  windowMs: number;
}

/**
 * Counts and waits of the sandbox. The spec gives the 10-minute code life, the 1 s repeat guard (§5, §9) and
 * the 24 h withdrawal ban after an e-mail change (§9); the rest are the sandbox's choices, documented in
 * server/README.md and overridable through ApiOptions.limits.
 */
export interface Limits {
  codeTtlMs: number;
  codeMaxAttempts: number;
  repeatGuardMs: number;
  sessionTtlMs: number;
  /** A session unused this long ends (401), besides its absolute `sessionTtlMs`; last use is recorded at most once a minute. */
  sessionIdleMs: number;
  lockout: Record<FailureKind, { threshold: number; waitMs: number }>;
  /** The owner is mailed at most once in this window when a stranger's failures lock a source or the ceiling (identity/strangers.ts). */
  strangerAlertWindowMs: number;
  /** How long the freeze link of that mail works (once). */
  freezeLinkTtlMs: number;
  /** Failed passwords of a user name (any source, within the lockout window) after which sign-in asks for the image captcha. */
  captchaAfterFailures: number;
  /** Code sends (e-mail and SMS) per destination, per account (user name) and per source address; image captchas per source. */
  sendRates: { destination: Rate; account: Rate; ip: Rate; imageIp: Rate };
  /** Public OTC enquiries (otc/form/unlogin) per source address. */
  otcEnquiry: Rate;
  /** Help centre "was this helpful?" votes per source address. */
  helpVote: Rate;
  /** Reads of the public dataChart page (POST /broker/public/projectChart) per source address. */
  projectChart: Rate;
  /** Withdrawal ban per reason 1–6 (spec §4). */
  withdrawBanMs: Record<1 | 2 | 3 | 4 | 5 | 6, number>;
  /** Withdrawal restriction after an approved authenticator reset (spec §4 reason 6; README "Security": 48 hours). */
  gaResetWithdrawBanMs: number;
  /**
   * Per-user upload quota (server/README.md "Uploads"): files and bytes stored per Hong Kong calendar day
   * (the day of spec §9's 00:00 UTC+8 refresh), and uploads in flight at once. Beyond → 10060.
   */
  uploadQuota: { filesPerDay: number; bytesPerDay: number; inFlight: number };
}

const minute = 60_000;
const hour = 60 * minute;

export const defaultLimits: Limits = {
  codeTtlMs: 10 * minute,
  codeMaxAttempts: 5,
  repeatGuardMs: 1000,
  sessionTtlMs: 7 * 24 * hour,
  sessionIdleMs: 30 * minute,
  strangerAlertWindowMs: 24 * hour,
  freezeLinkTtlMs: 72 * hour,
  lockout: {
    password: { threshold: 5, waitMs: 24 * hour },
    passwordAccount: { threshold: 20, waitMs: 24 * hour },
    emailCode: { threshold: 10, waitMs: 24 * hour },
    // Wrong SMS codes per phone across codes: 5 tries per code and a new code a second would otherwise allow
    // hundreds of thousands of guesses a day at a password reset.
    smsCode: { threshold: 10, waitMs: 24 * hour },
    codeAccount: { threshold: 20, waitMs: 24 * hour },
    gaCode: { threshold: 5, waitMs: 24 * hour },
  },
  captchaAfterFailures: 2,
  sendRates: {
    destination: { limit: 10, windowMs: hour },
    account: { limit: 20, windowMs: hour },
    ip: { limit: 100, windowMs: hour },
    imageIp: { limit: 300, windowMs: hour },
  },
  otcEnquiry: { limit: 5, windowMs: hour },
  helpVote: { limit: 60, windowMs: hour },
  projectChart: { limit: 600, windowMs: hour },
  withdrawBanMs: { 1: 24 * hour, 2: 24 * hour, 3: 24 * hour, 4: 24 * hour, 5: 24 * hour, 6: 24 * hour },
  gaResetWithdrawBanMs: GA_RESET_RESTRICTION_HOURS * hour,
  uploadQuota: { filesPerDay: 50, bytesPerDay: 200 * 1024 * 1024, inFlight: 2 },
};

export interface ApiContext {
  db: Db;
  clock: Clock;
  keys: RsaKeys;
  limits: Limits;
  /** Issuer shown in authenticator apps. */
  totpIssuer: string;
  /** Where the app is served, for links in mails (`ApiOptions.appOrigin`). */
  appOrigin: string;
  /** Where uploaded files are kept (server/platform/uploads.ts). */
  uploads: UploadStore;
  /**
   * Work due on the sandbox clock besides the chain's (server/wallet/chain.ts `sweep` runs these after its own,
   * every sweep and after a clock advance): OTC settlement and delegated orders (server/otc).
   */
  timed: Array<() => Promise<void>>;
  /** Finds a request's signed-in user (server/identity/sessions.ts, handed over by server/app.ts). */
  authenticate: Authenticate;
}

export function nowDate(ctx: ApiContext): Date {
  return new Date(ctx.clock.now());
}

/** What server/app.ts hands every domain plugin: the kernel's context, and whether the `/_dev` routes are on. */
export interface DomainOptions {
  ctx: ApiContext;
  devRoutes: boolean;
}
