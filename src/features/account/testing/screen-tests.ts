// The set-up every browser test of an account screen shares: the api client configured as the app shell does
// (with a session token for the signed-in screens, without one for the sign-in screens), an RSA key for the app's
// password encryption where the screen sends a password, and after each test the screen unmounted and the
// fetch answers restored. Call it once at the top of a test file.
import { afterEach, beforeAll, vi } from 'vitest';
import { configureApi } from '../../../lib/api/index.ts';
import { renderAccount } from './render-account.tsx';
import { testPublicKey } from './serve-api.ts';

/** The session token the signed-in screens' calls carry in these tests. */
export const TEST_TOKEN = 'tok-test-0123456789abcdef';

export interface ScreenTestOptions {
  /** Configure the api client: signed in (with TEST_TOKEN) or as a visitor; left alone when absent. */
  api?: 'signedIn' | 'visitor';
  /** Make an RSA public key for the `/platformConfiguration/get` answer. */
  publicKey?: boolean;
}

export function accountScreenTests({ api, publicKey = false }: ScreenTestOptions = {}) {
  let view: Awaited<ReturnType<typeof renderAccount>> | undefined;
  let key = '';
  beforeAll(async () => {
    if (api) configureApi({ getToken: () => (api === 'signedIn' ? TEST_TOKEN : null), notify: () => {} });
    if (publicKey) key = await testPublicKey();
  });
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
    vi.restoreAllMocks();
  });
  return {
    /** The PEM key to answer `/platformConfiguration/get` with (once the file's tests run). */
    get publicKey() {
      return key;
    },
    /** The screen rendered now, if any. */
    get view() {
      return view;
    },
    /** Renders a screen (renderAccount), unmounted after the test. */
    async render(...args: Parameters<typeof renderAccount>) {
      view = await renderAccount(...args);
      return view;
    },
  };
}

/** The element of a test id. */
export const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** The input of a form-kit field (`input-<name>`). */
export const input = (name: string) => q(`input-${name}`) as HTMLInputElement;
