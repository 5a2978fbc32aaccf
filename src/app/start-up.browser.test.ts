import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api/index.ts';
import { systemConfig } from '../lib/config/system-config.ts';
import { initI18n, i18next } from '../lib/i18n/index.ts';
import { SESSION_KEYS, session } from '../lib/session/index.ts';
import { loadPlatformConfiguration } from '../features/account/index.ts';
import { loadStartupConfiguration } from './start-up.ts';

// The sandbox's replies (server/identity/routes/public.ts), as the app receives them.
const PLATFORM = {
  publicKey: '-----BEGIN PUBLIC KEY-----\nMFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAK\n-----END PUBLIC KEY-----',
  platformName: 'Trading Desk',
  supportEmail: 'support@tradingdesk.test',
  defaultLanguage: 'zh-HK',
  languages: ['zh-HK', 'en-US'],
  defaultExchangeCode: 'binance',
  exchangeList: ['binance', 'okx'],
};
const SYSTEM = {
  systemConfig: {
    title: 'Trading Desk',
    supportEmail: 'support@tradingdesk.test',
    pageSizes: [10, 20, 50, 100],
    defaultPageSize: 10,
    verificationCodeTtlSeconds: 300,
    repeatSendGuardMs: 60_000,
    imageUpload: { types: ['image/jpeg', 'image/png'], minBytes: 10_240, maxBytes: 10_485_760 },
  },
  language: 'zh-HK',
  isClient: false,
};

/** Answers the app's API calls in the page (ky calls the global fetch with a Request), counting them by path. */
function serve() {
  const paths: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    paths.push(path);
    const data = path === '/api/platformConfiguration/get' ? PLATFORM : path === '/api/system/config' ? SYSTEM : null;
    const body = data ? { code: 200, msg: 'ok', data } : { code: 404, msg: 'no', data: null };
    return new Response(JSON.stringify(body), { status: data ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
  return paths;
}

beforeAll(async () => {
  await initI18n('zh-HK');
  // The app shell's wiring (src/app/wire-api.ts), reduced to what these calls need.
  configureApi({ getToken: () => session.getState().token, notify: () => {} });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('zh-HK');
});

describe('start-up configuration (spec §3 "User session" platformConfig, "System config")', () => {
  it('sets the session platformConfig and stored publicKey, and the system config, from one request each', async () => {
    const paths = serve();
    expect(session.getState().platformConfig).toBeNull();
    expect(systemConfig.getState().systemConfig).toBeNull();

    await loadStartupConfiguration();
    expect(session.getState().platformConfig).toEqual(PLATFORM);
    expect(session.getState().publicKey).toBe(PLATFORM.publicKey);
    expect(localStorage.getItem(SESSION_KEYS.publicKey)).toBe(PLATFORM.publicKey);
    expect(systemConfig.getState()).toMatchObject({ systemConfig: SYSTEM.systemConfig, language: 'zh-HK', isClient: false });

    // A screen that needs the platform configuration later (a password form) shares the start-up's request.
    expect((await loadPlatformConfiguration()).publicKey).toBe(PLATFORM.publicKey);
    await loadStartupConfiguration();
    expect(paths.filter((p) => p === '/api/platformConfiguration/get')).toHaveLength(1);
    expect(paths.filter((p) => p === '/api/system/config')).toHaveLength(1);
  });

  it("the system config's language follows the interface language", async () => {
    await i18next.changeLanguage('en-US');
    expect(systemConfig.getState().language).toBe('en-US');
    await i18next.changeLanguage('zh-HK');
    expect(systemConfig.getState().language).toBe('zh-HK');
  });
});
