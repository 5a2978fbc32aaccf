// Test helper for the browser tests of src/components: renders with react-dom/client inside an
// i18next instance loaded from the locale JSON files (the same files the app ships).
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import { actAsync } from './act-environment.ts';
import zhComponents from '../../../locales/zh-HK/components.json';
import enComponents from '../../../locales/en-US/components.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import enValidation from '../../../locales/en-US/validation.json';

export type TestLanguage = 'zh-HK' | 'en-US';

export async function createTestI18n(language: TestLanguage): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: {
      'zh-HK': { components: zhComponents, validation: zhValidation },
      'en-US': { components: enComponents, validation: enValidation },
    },
    lng: language,
    fallbackLng: 'zh-HK',
    defaultNS: 'components',
    interpolation: { escapeValue: false },
  });
  return instance;
}

export interface Rendered {
  container: HTMLElement;
  rerender: (ui: ReactNode) => Promise<void>;
  unmount: () => Promise<void>;
}

// act() is used for render/rerender/unmount only; user events come from real Chromium input
// (vitest/browser userEvent) and the tests wait with expect.poll / expect.element instead.
export async function render(ui: ReactNode, language: TestLanguage = 'en-US'): Promise<Rendered> {
  return mount(ui, await createTestI18n(language));
}

/** Renders `ui` into a fresh container of the page under the i18next instance given. */
export async function mount(ui: ReactNode, i18n: i18n): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const wrap = (node: ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;
  await actAsync(() => root.render(wrap(ui)));
  return {
    container,
    rerender: (next) => actAsync(() => root.render(wrap(next))),
    unmount: async () => {
      await actAsync(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * A test file's render in a language with a feature's own locale namespaces (`resources[language]`, as the JSON files
 * hold them): each `render` mounts anew, and what was mounted last is unmounted after each test (or by `unmount`
 * before). Call it at the file's top level.
 */
export function localeRenderer(resources: Partial<Record<TestLanguage, Record<string, object>>>, defaultNS?: string) {
  let mounted: Rendered | null = null;
  const unmount = async (): Promise<void> => {
    await mounted?.unmount();
    mounted = null;
  };
  afterEach(unmount);
  const render = async (ui: ReactNode, language: TestLanguage): Promise<void> => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: language, ...(defaultNS === undefined ? {} : { defaultNS }), resources: { [language]: resources[language] ?? {} }, interpolation: { escapeValue: false } });
    mounted = await mount(ui, i18n);
  };
  return { render, unmount };
}

/** localeRenderer in zh-HK only. */
export function zhHkRenderer(resources: Record<string, object>, defaultNS?: string) {
  const { render, unmount } = localeRenderer({ 'zh-HK': resources }, defaultNS);
  return { render: (ui: ReactNode) => render(ui, 'zh-HK'), unmount };
}
