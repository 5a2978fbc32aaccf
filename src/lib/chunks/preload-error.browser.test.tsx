import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US/common.json';
import zh from '../../../locales/zh-HK/common.json';
import { actAsync } from '../../components/testing/act-environment.ts';
import { chunkOfPreloadError, installPreloadErrorHandler, isStyleFailure, RELOAD_TRIED_KEY } from './index.ts';

// spec §8: a style or script chunk that fails to preload (Vite's `vite:preloadError`): the first failure of a build
// reloads once, and a reload is never tried twice for a build; after it, a style chunk is named with a reload action
// (the page's script goes on, unstyled) and a script chunk's import rejects into the boundary that names it in place.

async function i18n(lng: 'en-US' | 'zh-HK') {
  const instance = i18next.createInstance();
  await instance.init({ resources: { 'en-US': { common: en }, 'zh-HK': { common: zh } }, lng, defaultNS: 'common', interpolation: { escapeValue: false } });
  return instance;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

const origin = window.location.origin;
const cssFailure = () => new Error(`Unable to preload CSS for ${origin}/assets/CoinRecordPage-Bx3_k9Qa.css`);
const scriptFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${origin}/assets/HomePage-rJU5g2n0.js`);

async function fire(payload: unknown): Promise<Event> {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload });
  await actAsync(() => window.dispatchEvent(event));
  return event;
}

const views = () => document.querySelectorAll('.td-preload-error [data-testid="chunk-error"]');
const errorText = () => document.querySelector('.td-preload-error [data-testid="chunk-error"] p')?.textContent ?? null;

let uninstall: (() => void) | undefined;
afterEach(async () => {
  await actAsync(() => uninstall?.());
  uninstall = undefined;
});

describe('vite:preloadError handler', () => {
  it('reloads once on the first failure of a build, and remembers it', async () => {
    const storage = memoryStorage();
    let reloads = 0;
    uninstall = installPreloadErrorHandler({ i18n: await i18n('en-US'), buildId: 'build-1', storage, reload: () => (reloads += 1) });
    const event = await fire(cssFailure());
    expect(reloads).toBe(1);
    expect(storage.items.get(RELOAD_TRIED_KEY)).toBe('build-1');
    // The import still rejects, so the page's own boundary sees it too.
    expect(event.defaultPrevented).toBe(false);
    // A second failure while the page goes away neither reloads again nor shows anything.
    await fire(cssFailure());
    expect(reloads).toBe(1);
    expect(views()).toHaveLength(0);
  });

  it('after a reload tried for this build: a style chunk is named with a reload action, once, and no automatic reload', async () => {
    const storage = memoryStorage({ [RELOAD_TRIED_KEY]: 'build-1' });
    let reloads = 0;
    uninstall = installPreloadErrorHandler({ i18n: await i18n('en-US'), buildId: 'build-1', storage, reload: () => (reloads += 1) });
    const event = await fire(cssFailure());
    // Prevented: the page's module still loads and shows, without its styles.
    expect(event.defaultPrevented).toBe(true);
    await expect.poll(errorText).toBe('The page module "CoinRecordPage" failed to load. Check your connection and try again.');
    expect(document.querySelector('.td-preload-error h2')?.textContent).toBe(en.chunk.errorTitle);
    expect(reloads).toBe(0);
    await fire(new Error(`Unable to preload CSS for ${origin}/assets/HomePage-Dd81kq0Z.css`));
    expect(views()).toHaveLength(1);
    expect(errorText()).toContain('"CoinRecordPage"');
    (document.querySelector('.td-preload-error button') as HTMLButtonElement).click();
    expect(reloads).toBe(1);
  });

  it('after a reload tried for this build: a script chunk is left to its import, whose boundary names it', async () => {
    const storage = memoryStorage({ [RELOAD_TRIED_KEY]: 'build-1' });
    let reloads = 0;
    uninstall = installPreloadErrorHandler({ i18n: await i18n('en-US'), buildId: 'build-1', storage, reload: () => (reloads += 1) });
    const event = await fire(scriptFailure());
    expect(event.defaultPrevented).toBe(false);
    expect(views()).toHaveLength(0);
    expect(reloads).toBe(0);
  });

  it('a new build gets its one reload again', async () => {
    const storage = memoryStorage({ [RELOAD_TRIED_KEY]: 'build-1' });
    let reloads = 0;
    uninstall = installPreloadErrorHandler({ i18n: await i18n('en-US'), buildId: 'build-2', storage, reload: () => (reloads += 1) });
    await fire(cssFailure());
    expect(reloads).toBe(1);
    expect(storage.items.get(RELOAD_TRIED_KEY)).toBe('build-2');
  });

  it('never reloads on its own when nothing can be remembered', async () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    let reloads = 0;
    uninstall = installPreloadErrorHandler({ i18n: await i18n('zh-HK'), buildId: 'build-1', storage: refusing, reload: () => (reloads += 1) });
    await fire(cssFailure());
    await expect.poll(errorText).toBe('無法載入頁面模組「CoinRecordPage」。請檢查網絡後重試。');
    expect(document.querySelector('.td-preload-error button')?.textContent).toBe(zh.chunk.retry);
    expect(reloads).toBe(0);
  });

  it('names the chunk from the failed file, without its hash', () => {
    expect(chunkOfPreloadError(cssFailure())).toBe('CoinRecordPage');
    expect(chunkOfPreloadError(new TypeError(`Failed to fetch dynamically imported module: ${origin}/assets/broker-layout-AbC_12-x.js`))).toBe('broker-layout');
    expect(chunkOfPreloadError(new Error('Failed to fetch'))).toBe('app');
    expect(isStyleFailure(cssFailure())).toBe(true);
    expect(isStyleFailure(scriptFailure())).toBe(false);
    expect(chunkOfPreloadError(undefined)).toBe('app');
  });
});
