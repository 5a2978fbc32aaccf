import enUS from '../../../locales/en-US/errors.json';
import zhHK from '../../../locales/zh-HK/errors.json';

/** The i18next namespace of these messages: locales/<language>/errors.json. */
export const ERRORS_NAMESPACE = 'errors';

/** Keys in the errors namespace, for the client and for screens that need the same wording. */
export const ERROR_KEYS = {
  // spec §8 table.
  authFailed: 'catalogue.authFailed',
  noPermission: 'catalogue.noPermission',
  notFound: 'catalogue.notFound',
  unknown: 'catalogue.unknown',
  // spec §8 "Reply codes": code 401.
  loginAgain: 'session.loginAgain',
  // spec §8 "Other messages": login failure without code 200 (for the account screens).
  verificationFailed: 'session.verificationFailed',
  // spec §8 "Transport errors".
  network: 'transport.network',
  timeout: 'transport.timeout',
  status: 'transport.status',
  // spec §8 "Other messages": download failure.
  downloadFailed: 'download.failed',
} as const;

export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

/** Translate a key of the errors namespace; `{{name}}` placeholders are filled from vars. */
export type Translate = (key: ErrorKey, vars?: Record<string, string | number>) => string;

// spec §8: the reply-code table; anything else uses the server msg, or else `default`.
const CODE_MESSAGES: ReadonlyMap<number, ErrorKey> = new Map([
  [401, ERROR_KEYS.authFailed],
  [403, ERROR_KEYS.noPermission],
  [404, ERROR_KEYS.notFound],
]);

// spec §8: codes 45535 and 45540 are silent (no toast; the caller still gets the rejection).
export const SILENT_CODES: ReadonlySet<number> = new Set([45535, 45540]);

export const SUCCESS_CODE = 200; // spec §8
export const UNAUTHORIZED_CODE = 401; // spec §8

/** spec §8: "the message comes from the table below, or else the server msg" (table default last). */
export function messageForCode(code: number, serverMsg: string, t: Translate): string {
  const key = CODE_MESSAGES.get(code);
  if (key) return t(key);
  if (serverMsg.trim() !== '') return serverMsg;
  return t(ERROR_KEYS.unknown);
}

type Tree = { readonly [key: string]: string | Tree };
const bundles: Record<string, Tree> = { 'en-US': enUS, 'zh-HK': zhHK };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translation straight from the locale files, so the client works before (and without) i18next;
 * the app may pass i18next's `t` instead. Unknown languages fall back to zh-HK (spec §1).
 */
export function createLocaleTranslate(getLanguage: () => string): Translate {
  return (key, vars) => {
    const text = lookup(bundles[getLanguage()] ?? zhHK, key) ?? lookup(zhHK, key) ?? key;
    if (!vars) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}
