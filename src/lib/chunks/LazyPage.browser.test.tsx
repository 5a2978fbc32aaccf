import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../../components/testing/render.tsx';
import en from '../../../locales/en-US/common.json';
import zh from '../../../locales/zh-HK/common.json';
import { lazyPage } from './index.ts';

// spec §2 "Lazy-loaded chunks have a 120 s load time-out"; spec §8 the load error naming the chunk. A page part
// (the broker overview panel, a help bundle's page) loads through lazyPage: its failure and its time-out are shown.

async function i18n() {
  const instance = i18next.createInstance();
  await instance.init({ resources: { 'en-US': { common: en }, 'zh-HK': { common: zh } }, lng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false } });
  return instance;
}

const errorText = () => document.querySelector('[data-testid="chunk-error"] p')?.textContent ?? null;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('lazyPage', () => {
  it('names the chunk when its module fails to load, and a retry loads it', async () => {
    let fail = true;
    const Part = lazyPage<{ who: string }>('brokerOverview', () =>
      fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ default: ({ who }: { who: string }) => <p data-testid="part">{who}</p> }),
    );
    await mount(<Part who="desk" />, await i18n());
    await expect.poll(errorText).toBe('The page module "brokerOverview" failed to load. Check your connection and try again.');
    fail = false;
    (document.querySelector('[data-testid="chunk-error"] button') as HTMLButtonElement).click();
    await expect.poll(() => document.querySelector('[data-testid="part"]')?.textContent).toBe('desk');
  });

  it('times out at 120 s, not before (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const Part = lazyPage('helpArticles', () => new Promise<never>(() => {}));
    await mount(<Part />, await i18n());
    await vi.advanceTimersByTimeAsync(119_999);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(en.chunk.loading);
    expect(errorText()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await expect.poll(errorText).toBe('Loading the page module "helpArticles" timed out. Please try again.');
  });
});
