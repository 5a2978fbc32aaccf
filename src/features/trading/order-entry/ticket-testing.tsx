import i18next from 'i18next';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { actAsync } from '../../../components/testing/act-environment.ts';
import enComponents from '../../../../locales/en-US/components.json';
import enOrders from '../../../../locales/en-US/orders.json';
import enRisk from '../../../../locales/en-US/risk.json';
import zhComponents from '../../../../locales/zh-HK/components.json';
import zhOrders from '../../../../locales/zh-HK/orders.json';
import zhRisk from '../../../../locales/zh-HK/risk.json';
import { session } from '../../../lib/session/index.ts';
import { futuresData } from '../futures-data/instance.ts';
import { hideTransferModal } from '../modals/transfer-store.ts';

/** The order ticket's browser tests (funding, fee, fat finger, trade form): its namespaces in both languages, a mount under a router, a clean-up. */
export const ticketResources = {
  'en-US': { orders: enOrders, components: enComponents, risk: enRisk },
  'zh-HK': { orders: zhOrders, components: zhComponents, risk: zhRisk },
} as const;
export type TicketLang = keyof typeof ticketResources;

let root: Root | undefined;
let container: HTMLElement | undefined;

/** Renders `node` in `lang` under a memory router at /<lang>/trade (the ticket's links read the :lang segment). */
export async function mountTicket(node: ReactNode, lang: TicketLang): Promise<void> {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { [lang]: ticketResources[lang] }, lng: lang, defaultNS: 'orders', interpolation: { escapeValue: false } });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await actAsync(async () =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/${lang}/trade`]}>
          <Routes>
            <Route path="/:lang/*" element={node} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
}

/** afterEach: unmounts, and resets the futures data, the session and the mocks the tests set. */
export async function unmountTicket(): Promise<void> {
  await actAsync(async () => root?.unmount());
  container?.remove();
  futuresData.store.setState({ capital: null, positions: null });
  hideTransferModal();
  session.setState({ isLogin: false, keyId: null, positionSide: null, crossed: false });
  vi.restoreAllMocks();
}

/** Replaces a field's text as a person types it. */
export async function typeInto(testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  await userEvent.clear(field);
  await userEvent.type(field, text);
}
