import { DEFAULT_LANGUAGE, LANGUAGE_SEGMENT, isLanguage, type Language } from '../lib/i18n/languages.ts';

// Looks like an attempt at a language segment (en, EN-us, fr-FR, zh_HK) rather than a page name.
const LANGUAGE_LIKE = /^[A-Za-z]{2}([-_][A-Za-z]{2})?$/;

/**
 * Where a path without a supported language prefix should go (spec §2: all routes sit under a language
 * segment). An unsupported or malformed language is replaced by zh-HK, keeping the rest of the path;
 * a path with no language segment at all gets the remembered language in front. Returns null when the
 * path already starts with a supported language.
 */
export function languageRedirect(pathname: string, remembered: Language): string | null {
  const [, first = '', ...rest] = pathname.split('/');
  if (isLanguage(first)) return null;
  if (first === '') return `/${remembered}/home`;
  if (LANGUAGE_SEGMENT.test(first) || LANGUAGE_LIKE.test(first)) {
    return `/${DEFAULT_LANGUAGE}/${rest.join('/') || 'home'}`;
  }
  return `/${remembered}/${[first, ...rest].join('/')}`;
}

/** The same location under another language prefix (language switch rewrites the URL prefix). */
export function withLanguage(pathname: string, language: Language): string {
  const [, first = '', ...rest] = pathname.split('/');
  const tail = isLanguage(first) || LANGUAGE_SEGMENT.test(first) ? rest : [first, ...rest].filter(Boolean);
  return `/${language}/${tail.join('/') || 'home'}`;
}

const SAME_ORIGIN = 'http://same.invalid';
/** A path a browser keeps on this origin: one slash, then neither a slash nor a backslash. */
const ONE_SLASH = /^\/[^/\\]/;
// Tab, CR and LF are dropped from a URL by browsers (WHATWG URL), and a backslash is read as a slash: refused, not mended.
const HOSTILE = /[\p{Cc}\\]/u;
/** Enough for a path encoded twice over (`%252f`); a path that still decodes further is refused. */
const MAX_DECODES = 3;

/** `path` with its dot segments resolved as a URL parser does ("/a/../b" → "/b"), keeping empty segments. */
function resolveDots(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** `path` percent-decoded until it no longer changes; null when it is malformed or still decodes after MAX_DECODES. */
function fullyDecoded(path: string): string | null {
  let current = path;
  for (let round = 0; ; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    if (round === MAX_DECODES) return null;
    current = next;
  }
}

/**
 * A post-login destination taken from the URL: a same-origin path ("/x…": one slash, then a character that is not a
 * slash) or `fallback`. The path is normalised before it is judged, the way each reader after us could read it: dot
 * segments resolved (also `%2e%2e`, "/..//evil" is "//evil"), and percent-decoded (`%2f`, `%5c`, twice-encoded
 * `%252f`) with the dot segments resolved again; either form reaching another origin ("//host", "/\host"), a scheme,
 * a control character (tab, CR, LF, also as `%09`, `%0a`) or a backslash anywhere falls back.
 */
export function safeRedirectTarget(raw: string | null | undefined, fallback: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return fallback;
  if (!ONE_SLASH.test(raw) || HOSTILE.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN || !ONE_SLASH.test(url.pathname)) return fallback;
  const decoded = fullyDecoded(url.pathname);
  if (decoded === null || HOSTILE.test(decoded) || !ONE_SLASH.test(resolveDots(decoded))) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * The wallet's deposit page of an asset (spec §2 wallet/recharge/coin/{asset}, wallet/recharge/fiat/{asset}): where
 * spec §8 "Insufficient Balance (offers Go to Deposit)" sends the person. The caller says whether the asset is fiat.
 */
export function depositPath(language: string, asset: string, kind: 'coin' | 'fiat'): string {
  return `/${language}/wallet/recharge/${kind}/${encodeURIComponent(asset)}`;
}
