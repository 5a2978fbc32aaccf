import i18next, { type BackendModule, type i18n, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enErrors from '../../../locales/en-US/errors.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import { ChunkLoadError, retryLoader } from '../chunks/chunk-loading.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, normaliseLanguage, type Language } from './languages.ts';

export * from './languages.ts';

// One namespace per feature: locales/<language>/<namespace>.json (../shared/CONVENTIONS.md "i18n"), each file a lazy
// chunk of its own: at start only the shell's namespaces (START_NAMESPACES) of the interface language (spec §1) load;
// a page's load with its chunk (src/app/page-namespaces.ts, through lazyPage), so they do not weigh on the initial
// JavaScript (tests/e2e/bundle-budget.e2e.test.ts).
// A namespace only lazily loaded pages use is bundled with them and added by their chunk (addNamespace): the broker
// manager's (src/features/broker/locale.ts, money/locale.ts, projects/locale.ts, interest/, profit/, analytics/), the
// public data chart's (datachart) and the marketing pages' (src/features/marketing/locale.ts).
// broker-export holds the sandbox's xlsx and e-mail texts (server/broker) and is not the app's. Every broker* file is
// left out, and so are mail (the sandbox's mails, server/identity/mail.ts) and api-messages (the sandbox's reply
// messages, server/platform/reply-language.ts).
export const LAZY_NAMESPACES = ['broker', 'broker-config', 'broker-money', 'broker-project', 'broker-interest', 'broker-profit', 'broker-analytics', 'datachart', 'marketing'] as const;
type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
type LocaleModule = { default: Record<string, unknown> };
const files = import.meta.glob<LocaleModule>([
  '../../../locales/*/*.json',
  '!../../../locales/*/broker*.json',
  '!../../../locales/*/datachart.json',
  '!../../../locales/*/marketing.json',
  '!../../../locales/*/mail.json',
  '!../../../locales/*/api-messages.json',
  // The API client's texts are in the start-up JavaScript already (src/lib/api/catalogue.ts), both languages.
  '!../../../locales/*/errors.json',
]);

/**
 * What the app shell shows before any page's chunk is in (the header, its unread messages link, the page loading and
 * chunk error texts, the API client's error texts): loaded by initI18n, in the interface language only.
 * src/app/page-namespaces.test.ts checks that the shell's modules name no other.
 */
export const START_NAMESPACES: readonly string[] = ['common', 'errors', 'messages'];

/** Adds a lazily loaded namespace (LazyNamespace) in every language; its pages' chunk calls this when it loads. */
export function addNamespace(namespace: LazyNamespace, resources: Record<string, Record<string, unknown>>): void {
  for (const [language, bundle] of Object.entries(resources)) i18next.addResourceBundle(language, namespace, bundle, true, false);
}

/** Whether a locale file of the app exists (the namespaces the backend below can load). */
export function hasLocaleFile(language: string, namespace: string): boolean {
  return `../../../locales/${language}/${namespace}.json` in files;
}

// A failed import of a locale chunk: the next read imports it again under a query of its own (a browser may keep the
// failed import in its module map, see retryLoader), so a page's retry (spec §8 chunk load error) can recover.
const failedReads = new Map<string, { cause: unknown; attempts: number }>();

/** i18next's backend: a namespace of a language is the default export of its locale file's chunk. */
const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const file = `../../../locales/${language}/${namespace}.json`;
    const load = files[file];
    if (!load) {
      callback(new Error(`no locale file ${language}/${namespace}`), false);
      return;
    }
    const failed = failedReads.get(file);
    const importer = failed ? retryLoader(load, new ChunkLoadError(`${language}/${namespace}`, 'failed', { cause: failed.cause }), ++failed.attempts, globalThis.location?.origin ?? '') : load;
    importer().then(
      (module) => {
        failedReads.delete(file);
        callback(null, module.default);
      },
      (cause: unknown) => {
        failedReads.set(file, { cause, attempts: failed?.attempts ?? 0 });
        callback(cause instanceof Error ? cause : new Error(String(cause)), false);
      },
    );
  },
};

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

/**
 * Loads `namespaces` in the interface language and in `language` when it is another (the language a page about to
 * show asks for: its URL's), before a page renders, so it never shows a raw key. Rejects, naming what is missing,
 * when one did not load; called again, it loads that one again. Nothing to do before initI18n (a test that renders
 * with an i18next instance of its own).
 */
export async function loadNamespaces(namespaces: readonly string[], language?: string): Promise<void> {
  if (!ready || namespaces.length === 0) return;
  await ready;
  await loadInto([...new Set([i18next.language, language ?? i18next.language])], namespaces);
}

async function loadInto(languages: readonly string[], namespaces: readonly string[]): Promise<void> {
  const missing = () => languages.flatMap((l) => namespaces.filter((ns) => !i18next.hasResourceBundle(l, ns)).map((ns) => `${l}/${ns}`));
  // loadNamespaces also records them, so that a language switch (changeLanguage) loads them first in the new language.
  await i18next.loadNamespaces([...namespaces]);
  if (languages.some((l) => l !== i18next.language)) await new Promise<void>((resolve) => i18next.services.backendConnector.load([...languages], [...namespaces], () => resolve()));
  if (missing().length === 0) return;
  // A namespace that failed before is marked so and not read again by load; reload reads it anew.
  await new Promise<void>((resolve) => i18next.services.backendConnector.reload([...languages], namespaces.filter((ns) => languages.some((l) => !i18next.hasResourceBundle(l, ns))), () => resolve()));
  const left = missing();
  if (left.length > 0) throw new Error(`locale namespaces did not load: ${left.join(', ')}`);
}

/**
 * Initialises the shared i18next instance once, with the start namespaces of `language` and `alsoLoad` (the first
 * page's, loading beside them rather than after the first render); later calls return the same promise. Only the
 * start namespaces must load: a page checks its own (loadNamespaces, through lazyPage).
 */
export function initI18n(language: Language = storedLanguage(), alsoLoad: readonly string[] = []): Promise<i18n> {
  ready ??= i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Every key is in both languages (tests/unit/locales.test.ts), so a language needs no other's files.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      defaultNS: 'common',
      ns: [...new Set([...START_NAMESPACES, ...alsoLoad])],
      interpolation: { escapeValue: false }, // React escapes; nothing is rendered as HTML.
      returnNull: false,
      // A key found in no language (fallbacks included) is a bug: say so on the console, where the route walk
      // (tests/e2e/routes.e2e.test.ts) and every e2e test that watches console errors see it. A lookup that
      // brings its own default (an optional text) is not reported. A key of a namespace that was not loaded is
      // reported too: a page's namespaces are listed in src/app/page-namespaces.ts.
      saveMissing: true,
      missingKeyHandler: reportMissingKey,
    })
    .then(async () => {
      i18next.addResourceBundle('zh-HK', 'errors', zhErrors, true, false);
      i18next.addResourceBundle('en-US', 'errors', enErrors, true, false);
      await loadInto([i18next.language], START_NAMESPACES);
      return i18next;
    });
  return ready;
}

const fixedLanguage = new Map<string, i18n>();

/**
 * An i18next instance of the shared one that always shows `language` whatever the interface language is (the broker
 * manager's zh-HK, spec §1): it shares the resources, the namespaces in use and their loading. One a language, made
 * on first use after initI18n and initialised at once: a clone made in a render is not ready until a timer later
 * (i18next's initAsync), so the first render under it suspended, and a part mounting for the first time lost the
 * clone with its suspended render and made another, never ready, after each retry (a blank broker manager).
 */
export function fixedLanguageInstance(language: Language): i18n {
  let instance = fixedLanguage.get(language);
  if (!instance) {
    instance = i18next.cloneInstance({ lng: language, initAsync: false });
    fixedLanguage.set(language, instance);
  }
  return instance;
}

export { i18next };
