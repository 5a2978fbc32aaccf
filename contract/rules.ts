/**
 * The spec §5 rules that both sides check: the app before it calls, the sandbox when the call arrives.
 * One copy, so the two can never disagree. Plain functions only (no Node or DOM APIs).
 */

/** spec §5, §9: password minimum length. */
export const PASSWORD_MIN_LENGTH = 8;
/** The longest password accepted, in UTF-8 bytes (it must fit one RSA-2048 block). */
export const PASSWORD_MAX_BYTES = 128;

const utf8 = new TextEncoder();

/** Characters (code points), not UTF-16 units: an emoji counts once. */
export function charCount(text: string): number {
  let count = 0;
  for (const _char of text) count++;
  return count;
}

/**
 * spec §5: at least 8 characters with upper case, lower case, digits and special characters. A special
 * character is anything but a letter A–Z/a–z, a digit or a blank; control characters are refused.
 */
export function passwordMeetsRules(password: string): boolean {
  return (
    charCount(password) >= PASSWORD_MIN_LENGTH &&
    utf8.encode(password).length <= PASSWORD_MAX_BYTES &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9\s]/u.test(password) &&
    ![...password].some((char) => (char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f')
  );
}

// RFC 5321 limits; dot-atom local part (no quoted strings: no provider mailbox uses them) and a
// domain of LDH labels ending in an alphabetic (or punycode) top-level label.
const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** spec §5: the business e-mail format ('Incorrect email, Please re-enter'). */
export function isEmailFormat(email: string): boolean {
  if (email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL.test(local)) return false;
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return TOP_LABEL.test(labels[labels.length - 1] ?? '');
}

/** spec §5: company name without Chinese characters. */
export function hasChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}

/** spec §5, §9: an address name is 4 to 20 characters. */
export const ADDRESS_NAME_MIN = 4;
export const ADDRESS_NAME_MAX = 20;

/** Counted without surrounding blanks, which are not kept. */
export function isAddressName(name: string): boolean {
  const count = charCount(name.trim());
  return count >= ADDRESS_NAME_MIN && count <= ADDRESS_NAME_MAX;
}

/** spec §5, §9: an uploaded image is larger than 10 KB and under 10 MB (binary units). */
export const IMAGE_MIN_BYTES = 10 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** spec §6: the KYC level each kind of money movement needs. */
export type KycLevel = 'basic' | 'advanced';
export type KycStatus = 'review' | 'Certified' | 'unCertified';
/** Documents each level asks for (every one is required); one list for the form and the sandbox. */
export const KYC_DOCUMENTS = {
  basic: ['businessRegistration', 'directorId'],
  advanced: ['bankStatement', 'proofOfAddress'],
} as const satisfies Record<KycLevel, readonly string[]>;
export type KycDocumentType = (typeof KYC_DOCUMENTS)[KycLevel][number];
/**
 * spec §9 "KYC documents: dated within 3 or 6 months as stated": how recent each dated document must be, in months,
 * as its label states (an identity document is not dated).
 */
export const KYC_DOCUMENT_MAX_AGE_MONTHS: Partial<Record<KycDocumentType, 3 | 6>> = {
  businessRegistration: 6,
  bankStatement: 3,
  proofOfAddress: 3,
};

export const KYC_LEVEL_FOR = { coin: 'basic', fiat: 'advanced', otc: 'advanced', convertCoin: 'basic', convertFiat: 'advanced' } as const satisfies Record<string, KycLevel>;

/**
 * A withdrawal destination (network, address, memo; a bank account) is first usable this long after its first
 * use or its saving, whichever came first; and for this long after the whitelist is switched off, withdrawals
 * still go only to whitelisted addresses (server/README.md "Wallet, coin side"; beyond the spec, as Binance
 * and Coinbase do).
 */
export const NEW_DESTINATION_LOCK_HOURS = 24;
export const WHITELIST_COOLING_OFF_HOURS = 24;

/** A limit per KYC level; a level that may not withdraw the kind (basic, fiat: spec §6) has '0'. */
export type LimitByLevel = Readonly<Record<KycLevel, string>>;

/**
 * What one user may withdraw of an asset in any rolling 24 hours, by KYC level (server/README.md "Wallet"): every
 * withdrawal not failed or cancelled counts, held ones too. Coin per asset over its networks; fiat per currency.
 * One copy: the sandbox enforces these, the withdraw pages show what they leave.
 */
export const WITHDRAW_DAILY_LIMITS: { readonly coin: Readonly<Record<string, LimitByLevel>>; readonly fiat: Readonly<Record<string, LimitByLevel>> } = {
  coin: {
    BTC: { basic: '20', advanced: '200' },
    ETH: { basic: '400', advanced: '4000' },
    USDT: { basic: '1000000', advanced: '10000000' },
    SOL: { basic: '10000', advanced: '100000' },
  },
  fiat: {
    USD: { basic: '0', advanced: '2000000' },
    HKD: { basic: '0', advanced: '15000000' },
  },
};

/** The limit of the rolling 24 hours for an asset at a KYC level; '0' for an asset without one. */
export function withdrawDailyLimit(kind: 'coin' | 'fiat', asset: string, level: KycLevel): string {
  return WITHDRAW_DAILY_LIMITS[kind][asset]?.[level] ?? '0';
}

/** The anti-phishing code: 4 to 20 letters and digits (shown as text in mails and the app, never escaped). */
export const ANTI_PHISHING_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** spec §1: the interface languages, zh-HK the default; also the account's preferred language (spec §2 registration). */
export const LANGUAGES = ['zh-HK', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-HK';

/**
 * Withdrawals stay restricted this long after an approved Google authenticator reset (spec §4 reason 6): the
 * sandbox's default (server/platform/context.ts `Limits.gaResetWithdrawBanMs`), which the reset screen tells the user.
 */
export const GA_RESET_RESTRICTION_HOURS = 48;

/** spec §9: page sizes of a list, 10 by default. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/**
 * The longest custom range a records page or export takes (a year and a day, for a leap year's). The quick ranges
 * of spec §9 are contract/broker-performance.ts RANGE_DAYS.
 */
export const MAX_RECORD_RANGE_DAYS = 366;

/** spec §7 updatePwd, bindPhoneInfo, …: a verification code (e-mail, SMS, Google) is six digits. */
export const CODE6_PATTERN = /^\d{6}$/;
/** The version of the broker agreement the app shows (locales broker.json `gate.agreement`); opening broker rights accepts it. */
export const BROKER_AGREEMENT_VERSION = '2026-12';
/**
 * The ids the records pages show and the messages quote: D/W for a coin deposit/withdrawal, FD/FW for a fiat one,
 * then the row's number. A search by id names one record, so the page's other filters do not apply to it.
 */
export const COIN_RECORD_ID_PATTERN = /^[DW][1-9][0-9]{0,17}$/;
export const FIAT_RECORD_ID_PATTERN = /^F[DW][1-9][0-9]{0,17}$/;
/** spec §7 sms/captcha, bindPhoneInfo: a phone's area code (`+852`, the plus optional) and its number. */
export const AREA_CODE_PATTERN = /^\+?\d{1,4}$/;
export const PHONE_PATTERN = /^\d{5,15}$/;

/**
 * spec §6: why an operation is off — switched off by operations ("contact the provider"), a KYC level, a
 * Google authenticator, the freeze, a withdrawal ban (spec §4 reasons 1–6).
 */
export const DISABLED_REASONS = ['operations', 'kycBasic', 'kycAdvanced', 'gaRequired', 'frozen', 'withdrawBan'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

/**
 * The account's fat-finger guard (beyond the spec, as Binance's and Deribit's order-price protection do): an order
 * priced more than `priceBandPct` % from the mark (futures) or last price (spot), or worth more than `maxNotional`
 * USDT, asks a second time with the figures. Each limit can be switched off; a switched-off limit keeps its value.
 */
export const ORDER_GUARD_LIMITS = { bandMinPct: 0.1, bandMaxPct: 100, notionalMin: 1, notionalMax: 1_000_000_000_000 } as const;
export const DEFAULT_ORDER_GUARD = { priceBandOn: true, priceBandPct: 5, notionalOn: true, maxNotional: 1_000_000 } as const;
