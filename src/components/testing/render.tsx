// Test helper for the browser tests of src/components: renders with react-dom/client inside an
// i18next instance loaded from the locale JSON files (the same files the app ships).
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
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
  const i18n = await createTestI18n(language);
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
