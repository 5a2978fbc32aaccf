// spec §1: the interface is zh-HK (default) or en-US; every path carries a language prefix of the
// form two letters, dash, two capitals.
export const LANGUAGES = ['zh-HK', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-HK';
export const LANGUAGE_SEGMENT = /^[a-z]{2}-[A-Z]{2}$/;
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** spec §1: zh-HK is the default, also used if the stored language is neither. */
export function normaliseLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
