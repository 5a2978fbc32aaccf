import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, actAsync } from '../../components/testing/act-environment.ts';
import { UNREAD_POLL_MS } from '../../../contract/messages-rules.ts';
import enMessages from '../../../locales/en-US/messages.json';
import { messagesApi } from './api.ts';
import { UnreadLink } from './UnreadLink.tsx';
import { unreadStore } from './unread-store.ts';

let root: Root | undefined;
let host: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('UnreadLink', () => {
  it('the header and the phone drawer show one count; only the header copy asks for it', async () => {
    vi.useFakeTimers();
    const calls = vi.spyOn(messagesApi, 'unreadCount').mockImplementation(async () => ({ unread: 3 }));
    unreadStore.setState({ unread: null });
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { 'en-US': { messages: enMessages } }, lng: 'en-US', interpolation: { escapeValue: false } });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await actAsync(async () =>
      root?.render(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/en-US/market']}>
            <Routes>
              <Route
                path="/:lang/*"
                element={
                  <>
                    <UnreadLink />
                    <UnreadLink poll={false} testId="drawer-header-messages" />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>,
      ),
    );
    expect(calls).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) await actAsync(async () => vi.advanceTimersByTime(UNREAD_POLL_MS));
    expect(calls).toHaveBeenCalledTimes(4);
    expect(host.querySelector('[data-testid="header-messages"] [data-testid="header-unread"]')?.textContent).toBe('3');
    expect(host.querySelector('[data-testid="drawer-header-messages"] [data-testid="header-unread"]')?.textContent).toBe('3');
  });
});
