import { normaliseLanguage, type Language } from '../lib/i18n/languages.ts';
import { BROKER_BASE } from './route-table.ts';

/**
 * The language the API speaks to: the interface's, except on the broker manager's pages, which are always Hong Kong
 * Chinese (spec §1, spec §2), their error messages and toasts included, whatever the URL prefix says.
 */
export function apiLanguage(pathname: string, interfaceLanguage: string): Language {
  return new RegExp(`^/[^/]+/${BROKER_BASE}(/|$)`).test(pathname) ? 'zh-HK' : normaliseLanguage(interfaceLanguage);
}
