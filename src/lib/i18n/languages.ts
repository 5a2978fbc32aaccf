import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/rules.ts';

// spec §1: the interface is zh-HK (default) or en-US (contract/rules.ts, the sandbox's list of preferred
// languages too); every path carries a language prefix of the form two letters, dash, two capitals.
export { DEFAULT_LANGUAGE, LANGUAGES, type Language };
export const LANGUAGE_SEGMENT = /^[a-z]{2}-[A-Z]{2}$/;
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** spec §1: zh-HK is the default, also used if the stored language is neither. */
export function normaliseLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
