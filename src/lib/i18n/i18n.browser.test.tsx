import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount } from '../../components/testing/render.tsx';
import enWallet from '../../../locales/en-US/wallet.json';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import enCommon from '../../../locales/en-US/common.json';
import zhCommon from '../../../locales/zh-HK/common.json';
import { lazyPage } from '../chunks/index.ts';
import { START_NAMESPACES, i18next, initI18n, loadNamespaces } from './index.ts';

// The locale namespaces load with the pages that read them (src/lib/i18n, src/app/page-namespaces.ts): at start only
// START_NAMESPACES of the interface language; a page's in parallel with its chunk, the page rendering once both are
// in (never a raw key); a language switch loads the other language's namespaces before it switches.

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(async () => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  await i18next.changeLanguage('en-US');
});

/** Every text the part rendered, in order: a raw key among them is a flash of keys. */
function recorder() {
  const shown: string[] = [];
  function Title() {
    const { t } = useTranslation('wallet');
    const text = t('nav.overview');
    shown.push(text);
    return <h1 data-testid="title">{text}</h1>;
  }
  return { Title, shown };
}

describe('locale namespaces on demand', () => {
  it('starts with the start-up namespaces of the interface language only', () => {
    expect(START_NAMESPACES).toEqual(['common', 'errors', 'messages']);
    for (const ns of START_NAMESPACES) expect(i18next.hasResourceBundle('en-US', ns), ns).toBe(true);
    expect(i18next.hasResourceBundle('zh-HK', 'common')).toBe(false);
    expect(i18next.hasResourceBundle('zh-HK', 'messages')).toBe(false);
    expect(i18next.hasResourceBundle('en-US', 'wallet')).toBe(false);
    expect(i18next.t('app.title')).toBe(enCommon.app.title);
  });

  it("renders a page only once its chunk and its namespaces are in, never a raw key", async () => {
    expect(i18next.hasResourceBundle('en-US', 'wallet')).toBe(false);
    const { Title, shown } = recorder();
    let release: () => void = () => {};
    const chunk = new Promise<void>((resolve) => (release = resolve));
    const Page = lazyPage(
      'wallet',
      async () => {
        await chunk;
        return { default: Title };
      },
      () => loadNamespaces(['wallet']),
    );
    await mount(<Page />, i18next);
    // The namespace loads while the chunk is still on its way.
    await expect.poll(() => i18next.hasResourceBundle('en-US', 'wallet')).toBe(true);
    expect(document.querySelector('[data-testid="title"]')).toBeNull();
    release();
    await expect.poll(() => document.querySelector('[data-testid="title"]')?.textContent).toBe(enWallet.nav.overview);
    expect(shown.every((text) => text === enWallet.nav.overview)).toBe(true);
  });

  it('loads the namespaces in the language a page asks for too', async () => {
    await loadNamespaces(['wallet'], 'zh-HK');
    expect(i18next.hasResourceBundle('zh-HK', 'wallet')).toBe(true);
    expect(i18next.getFixedT('zh-HK', 'wallet')('nav.overview')).toBe(zhWallet.nav.overview);
  });

  it('a language switch loads the namespaces in use in the new language before it switches', async () => {
    await loadNamespaces(['wallet']);
    const { Title, shown } = recorder();
    await mount(<Title />, i18next);
    const loadedWhenSwitched: boolean[] = [];
    const onChanged = (language: string) => loadedWhenSwitched.push(i18next.hasResourceBundle(language, 'messages') && i18next.hasResourceBundle(language, 'common'));
    i18next.on('languageChanged', onChanged);
    await i18next.changeLanguage('zh-HK');
    i18next.off('languageChanged', onChanged);
    expect(loadedWhenSwitched).toEqual([true]);
    await expect.poll(() => document.querySelector('[data-testid="title"]')?.textContent).toBe(zhWallet.nav.overview);
    expect(i18next.t('app.title')).toBe(zhCommon.app.title);
    expect(shown.every((text) => text === enWallet.nav.overview || text === zhWallet.nav.overview)).toBe(true);
  });

  it('rejects, naming it, when a namespace has no locale file; the page shows the chunk error', async () => {
    await expect(loadNamespaces(['no-such-namespace'])).rejects.toThrow('en-US/no-such-namespace');
    const Page = lazyPage('wallet', async () => ({ default: () => <p>never</p> }), () => loadNamespaces(['no-such-namespace']));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount(<Page />, i18next);
    await expect.poll(() => document.querySelector('[data-testid="chunk-error"]')?.textContent ?? '').toContain('wallet');
  });
});
