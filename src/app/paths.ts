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

/**
 * A post-login destination taken from the URL: only same-origin paths ("/x"), never "//host", "/\host",
 * a scheme, or control characters — anything else falls back.
 */
export function safeRedirectTarget(raw: string | null | undefined, fallback: string): string {
  if (!raw || raw.length > 2048) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters or backslashes could be normalised by the browser into another origin.
  if (/[\p{Cc}\\]/u.test(raw)) return fallback;
  try {
    const url = new URL(raw, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
