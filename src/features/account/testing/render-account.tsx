// Browser-test helper for the account screens: renders inside an i18next instance with the namespaces
// these screens use, loaded from the locale files the app ships, and optionally inside a memory router.
import { type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { actAsync } from '../../../components/testing/act-environment.ts';
import zhAccount from '../../../../locales/zh-HK/account.json';
import enAccount from '../../../../locales/en-US/account.json';
import zhValidation from '../../../../locales/zh-HK/validation.json';
import enValidation from '../../../../locales/en-US/validation.json';
import zhErrors from '../../../../locales/zh-HK/errors.json';
import enErrors from '../../../../locales/en-US/errors.json';
import zhCommon from '../../../../locales/zh-HK/common.json';
import enCommon from '../../../../locales/en-US/common.json';

export type Lang = 'zh-HK' | 'en-US';

export async function renderAccount(ui: ReactNode, lang: Lang = 'en-US', route?: { path: string; url: string }) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    fallbackLng: 'zh-HK',
    defaultNS: 'account',
    resources: {
      'zh-HK': { account: zhAccount, validation: zhValidation, errors: zhErrors, common: zhCommon },
      'en-US': { account: enAccount, validation: enValidation, errors: enErrors, common: enCommon },
    },
    interpolation: { escapeValue: false },
  });
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const tree = route ? <RouterProvider router={createMemoryRouter([{ path: route.path, element: ui }, { path: '*', element: null }], { initialEntries: [route.url] })} /> : ui;
  await actAsync(async () => root.render(<I18nextProvider i18n={i18n}>{tree}</I18nextProvider>));
  return {
    container,
    async unmount() {
      await actAsync(async () => root.unmount());
      container.remove();
    },
  };
}
