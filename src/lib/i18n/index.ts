import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, normaliseLanguage, type Language } from './languages.ts';

export * from './languages.ts';

// One namespace per feature: locales/<language>/<namespace>.json (../shared/CONVENTIONS.md "i18n"). A namespace
// only lazily loaded pages use is left out here and added by its pages' chunk (addNamespace), so it does not weigh
// on the initial JavaScript (tests/e2e/bundle-budget.e2e.test.ts): the broker manager's (src/features/broker/locale.ts,
// money/locale.ts, projects/locale.ts, interest/, profit/, analytics/), the public data chart's (datachart) and the
// marketing pages' (src/features/marketing/locale.ts).
// broker-export holds the sandbox's xlsx and e-mail texts (server/broker) and is not the app's. Every broker* file is
// left out, and so are mail (the sandbox's mails, server/identity/mail.ts) and api-messages (the sandbox's reply
// messages, server/platform/reply-language.ts).
type LazyNamespace = 'broker' | 'broker-config' | 'broker-money' | 'broker-project' | 'broker-interest' | 'broker-profit' | 'broker-analytics' | 'datachart' | 'marketing';
const files = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../../../locales/*/*.json', '!../../../locales/*/broker*.json', '!../../../locales/*/datachart.json', '!../../../locales/*/marketing.json', '!../../../locales/*/mail.json', '!../../../locales/*/api-messages.json'],
  { eager: true },
);

/** Adds a lazily loaded namespace (LazyNamespace) in every language; its pages' chunk calls this when it loads. */
export function addNamespace(namespace: LazyNamespace, resources: Record<string, Record<string, unknown>>): void {
  for (const [language, bundle] of Object.entries(resources)) i18next.addResourceBundle(language, namespace, bundle, true, false);
}

export function localeResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    (resources[language] ??= {})[namespace] = module.default;
  }
  return resources;
}

export function storedLanguage(): Language {
  try {
    return normaliseLanguage(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, quota); the URL prefix still carries the language.
  }
}

let ready: Promise<i18n> | undefined;

function reportMissingKey(_languages: readonly string[], namespace: string, key: string, _fallback: string, _update: boolean, options?: { defaultValue?: unknown }): void {
  if (options && options.defaultValue !== undefined) return;
  console.error(`i18n: missing translation key ${namespace}:${key}`);
}

/** Initialises the shared i18next instance once; later calls return the same promise. */
export function initI18n(language: Language = storedLanguage()): Promise<i18n> {
  ready ??= i18next
    .use(initReactI18next)
    .init({
      resources: localeResources(),
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      defaultNS: 'common',
      ns: ['common'],
      interpolation: { escapeValue: false }, // React escapes; nothing is rendered as HTML.
      returnNull: false,
      // A key found in no language (fallbacks included) is a bug: say so on the console, where the route walk
      // (tests/e2e/routes.e2e.test.ts) and every e2e test that watches console errors see it. A lookup that
      // brings its own default (an optional text) is not reported.
      saveMissing: true,
      missingKeyHandler: reportMissingKey,
    })
    .then(() => i18next);
  return ready;
}

export { i18next };
