import type { Static } from 'typebox';
import type { WithdrawBan } from './account.ts';
import type { Code } from './codes.ts';

/**
 * The `data` of a refusal, by reply code (spec §8; server/README.md "Conventions every call follows" and the
 * code tables of server/README.md). Types only: the sandbox's `ApiError` (server/platform/envelope.ts) takes
 * `ErrorData<C>` for the code it is built with, so every throw site is checked against these shapes, and the app
 * reads them through `errorData(error, code)` (src/lib/api/error-data.ts). A code missing here carries `data` the
 * app does not read, and is not checked.
 *
 * Amounts are decimal strings, as in the replies (spec §7); times are ISO 8601.
 */

/** A wait in whole days, hours and minutes (spec §8 lockout message). */
export interface WaitParts {
  days: number;
  hours: number;
  minutes: number;
}

/** What a count of failed attempts says after a wrong secret (10001, 10003, 10006, 10012, 10030). */
export interface AttemptsData {
  errorCount: number;
  remainingAttempts: number;
}

/** spec §8 "Verification code" channels; `image` is the sign-in captcha. */
export type CodeChannel = 'email' | 'sms' | 'image';

/** What was wrong too often (server/identity/lockout.ts; the per-user-name ceiling shows as `password`). */
export type LockReason = 'password' | 'emailCode' | 'smsCode' | 'codeAccount' | 'gaCode';

/** 10002: locked after repeated failures (spec §8: the error count and the wait). */
export interface LockedData {
  reason: LockReason;
  errorCount: number;
  lockedUntil: string;
  waitSeconds: number;
  wait: WaitParts;
}

/** 400: the field and the rule it broke; some rules add what they were measured against. Malformed JSON has `null`. */
export interface BadInputData {
  field: string;
  rule: string;
  /** `untilDay` / `notAccrued`: the last day with interest accrued (contract/broker-interest.ts). */
  lastAccrualDay?: string | null;
  /** `days` / `tooManyRows`: the most rows an export holds. */
  max?: number;
  /**
   * `limitPrice` / `priceBand` (OTC delegated order, contract/otc-limit-rules.ts): the band in percent and the desk's
   * price with the band's bounds, as `quote` per one `base` (the trader's unit).
   */
  bandPercent?: string;
  reference?: string;
  lowest?: string;
  highest?: string;
  base?: string;
  quote?: string;
}

/**
 * 10041: too many codes sent in the window, for one destination, account or source address (image captchas count
 * under `ip`); the public calls limited per source address name their own scope.
 */
export interface SendLimitedData {
  scope: 'destination' | 'account' | 'ip' | 'projectChart' | 'helpVote' | 'otcEnquiry';
  limit: number;
  retryAfterSeconds: number;
  wait: WaitParts;
}

/** 10060: which per-user upload limit was reached (server/platform/upload-quota.ts) and how much of it is used. */
export interface UploadQuotaData {
  quota: 'files' | 'bytes' | 'inFlight';
  limit: number;
  used: number;
}

/**
 * 10207: a withdrawal limit of the rolling 24 hours (coin and fiat, by KYC level): the limit, what counts against
 * it now, what is left, and when the oldest withdrawal counted leaves the window (null when none counts).
 */
export interface DailyLimitData {
  asset: string;
  dailyLimit: string;
  used: string;
  remaining: string;
  resetsAt: string | null;
}

/** A state refusal naming the state the record is in. */
export interface StatusData {
  status: string;
}

/** A limit reached: the most there may be. */
export interface MaxData {
  max: number;
}

/** The payload of each reply code whose `data` the app reads (keyed by code name, see `ErrorData`). */
export interface ErrorDataByName {
  badRequest: BadInputData | null;
  loginFailed: AttemptsData & { captchaRequired?: boolean };
  locked: LockedData;
  codeWrong: AttemptsData & { channel: CodeChannel };
  codeExpired: { channel: CodeChannel } | null;
  repeatRequest: null;
  /** bindGaInfo names `currentGaCode` when the code of the authenticator bound now was the wrong one. */
  gaWrong: AttemptsData & { field?: 'currentGaCode' };
  /** spec §6: the call needs a bound authenticator (`required: 'bound'`), or the secret was not generated for you (`null`). */
  gaState: { required: 'bound' } | null;
  emailTaken: null;
  phoneTaken: null;
  /** The level refused and, where one was submitted, its state. */
  kycState: { level: 'basic' | 'advanced'; status?: string };
  frozen: null;
  oldPasswordWrong: AttemptsData;
  phoneBound: null;
  stepUpPasswordWrong: AttemptsData;
  captchaRequired: { field: 'captchaCode' };
  sendLimited: SendLimitedData;
  sessionNotFound: null;
  uploadQuota: UploadQuotaData;
  /** `available`: the free balance, where the call knows it (convert, OTC). */
  insufficientBalance: { asset: string; available?: string };
  serviceSuspended: { feature: string };
  withdrawRestricted: { bans: Array<Static<typeof WithdrawBan>>; until: string };
  whitelistOnly: null;
  addressLocked: { unlockAt: string };
  amountBelowFee: { fee: string };
  /**
   * `max: null` when there is no maximum (a fiat deposit); `field` the amount it concerns and `asset` its asset
   * where the form has several (convert, loans); `fromAmount` what a received amount would cost (convert).
   */
  amountOutOfRange: { min: string; max: string | null; field?: string; asset?: string; fromAmount?: string };
  withdrawDailyLimit: DailyLimitData;
  addressExists: null;
  whitelistCoolingOff: { endsAt: string };
  pairDisabled: { fromAsset: string; toAsset: string };
  /** Convert: what is left today and when it resets; OTC: the desk's quote limit. */
  quoteLimitExceeded: { remainingUsd: string; resetsAt: string; quoteLimitUsd?: never } | { quoteLimitUsd: string; remainingUsd?: never; resetsAt?: never };
  otcClosed: { nextOpenAt: string };
  otcBelowMinimum: { minUsd: string; usdValue: string };
  otcOrderState: StatusData | null;
  /** The loan's status (contract/loans.ts, a number). */
  loanState: { status: number };
  loanLtvTooHigh: { ltv: string; initialLtv: string };
  brokerAddressLimit: MaxData;
  messageConfigLimit: MaxData;
  /** `reason: 'navNotPositive'` when the project has no positive NAV to price the flow at. */
  projectState: { status?: string; reason?: 'navNotPositive' };
  belowMinSubscription: { min: string };
  /** The units the investor holds. */
  insufficientUnits: { units: string };
  insufficientProjectCash: { available: string };
  relationRefused: { reason: 'otherExchange' | 'inProject' | 'notEmpty' | 'primary'; projectNo?: string };
  projectLimit: MaxData;
  brokerProfitUnavailable: { available: string };
  /** The account field refused: `fromAccountId` or `toAccountId`. */
  brokerProfitDestination: { field: string };
  brokerProfitSplit: { rule: string; index?: number };
  brokerCheckerIneligible: { reason: 'kycAdvanced' | 'authenticator' };
  brokerSecretUnavailable: { reason: 'notMaker' | 'pending' | 'rejected' | 'claimed' };
}

type Codes = typeof Code;
type NameOf<C extends Code> = { [N in keyof Codes]: Codes[N] extends C ? N : never }[keyof Codes];

/** The reply codes whose `data` has a declared shape. */
export type DataCode = Codes[keyof ErrorDataByName];

/** The `data` a refusal of code `C` carries; `unknown` for a code without a declared shape. */
export type ErrorData<C extends Code> = C extends DataCode ? ErrorDataByName[NameOf<C> & keyof ErrorDataByName] : unknown;
