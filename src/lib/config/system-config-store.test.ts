import { describe, expect, it } from 'vitest';
import { createSystemConfigStore, type SystemConfigDeps, type SystemConfigReply } from './system-config-store.ts';

const REPLY: SystemConfigReply = {
  systemConfig: {
    title: 'Trading Desk',
    supportEmail: 'support@tradingdesk.test',
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    verificationCodeTtlSeconds: 300,
    repeatSendGuardMs: 60_000,
    imageUpload: { types: ['image/png'], minBytes: 1, maxBytes: 2 },
  },
  language: 'zh-HK',
  isClient: false,
};

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

function setup(overrides: Partial<SystemConfigDeps> = {}) {
  const listeners: Array<(language: string) => void> = [];
  let requests = 0;
  let answer: () => Promise<SystemConfigReply> = async () => REPLY;
  const store = createSystemConfigStore({
    fetch: () => {
      requests += 1;
      return answer();
    },
    language: { current: () => 'en-US', onChange: (listener) => void listeners.push(listener) },
    userAgent: DESKTOP,
    ...overrides,
  });
  return {
    store,
    requests: () => requests,
    answerWith: (next: () => Promise<SystemConfigReply>) => (answer = next),
    changeLanguage: (language: string) => listeners.forEach((listener) => listener(language)),
  };
}

describe('system config store (spec §3 "System config")', () => {
  it('starts without the reply, in the app language, isClient from the user agent', () => {
    expect(setup().store.getState()).toEqual({ systemConfig: null, language: 'en-US', isClient: false });
    expect(setup({ userAgent: PHONE }).store.getState().isClient).toBe(true);
    expect(setup({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' }).store.getState().isClient).toBe(true);
  });

  it('takes systemConfig from the reply, once however often it is asked', async () => {
    const { store, requests } = setup();
    const [first, second] = await Promise.all([store.load(), store.load()]);
    expect(first).toEqual(REPLY.systemConfig);
    expect(second).toBe(first);
    expect(await store.load()).toBe(first);
    expect(requests()).toBe(1);
    // The reply's language and isClient are the server's defaults: the tab's own stay.
    expect(store.getState()).toEqual({ systemConfig: REPLY.systemConfig, language: 'en-US', isClient: false });
  });

  it('a failed load resolves to null, keeps no config, and the next load asks again', async () => {
    const { store, requests, answerWith } = setup();
    answerWith(() => Promise.reject(new Error('offline')));
    expect(await store.load()).toBeNull();
    expect(store.getState().systemConfig).toBeNull();
    answerWith(async () => REPLY);
    expect(await store.load()).toEqual(REPLY.systemConfig);
    expect(requests()).toBe(2);
  });

  it('language follows the interface language, normalised to a supported one (spec §1 default zh-HK)', () => {
    const { store, changeLanguage } = setup();
    changeLanguage('zh-HK');
    expect(store.getState().language).toBe('zh-HK');
    changeLanguage('fr-FR');
    expect(store.getState().language).toBe('zh-HK');
    changeLanguage('en-US');
    expect(store.getState().language).toBe('en-US');
  });
});
