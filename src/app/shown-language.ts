import { BROKER_BASE } from './route-table.ts';

/**
 * spec §1 "Broker pages always render in Hong Kong Chinese", whatever the URL prefix says: under
 * `/:lang/brokerManager/*` the interface language (the document's lang, its title, the API client's error texts
 * and Accept-Language, toasts) is zh-HK; the URL's language is still the one remembered for the rest of the app.
 */
export function shownLanguage(pathname: string, lang: string): string {
  return pathname.split('/')[2] === BROKER_BASE ? 'zh-HK' : lang;
}
