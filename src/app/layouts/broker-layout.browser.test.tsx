import { Suspense, useContext, type ComponentType } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mount, type Rendered } from '../../components/testing/render.tsx';
import zhLoans from '../../../locales/zh-HK/loans.json';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import { START_NAMESPACES, fixedLanguageInstance, i18next, initI18n, loadNamespaces } from '../../lib/i18n/index.ts';
import { PAGE_NAMESPACES } from '../page-namespaces.ts';

// spec §1: the broker manager always shows zh-HK, through an i18next instance of its own that shares the shared
// one's resources and loading (src/lib/i18n fixedLanguageInstance). With the namespaces loaded on demand (no
// resources given to init), i18next initialises a clone a timer later: one made while the layout rendered was not
// ready, the layout's first render suspended, and a layout that had never mounted lost the clone with that render and
// made a new one, again not ready, at each retry. The key and account screens stayed blank after a reload
// (tests/e2e/broker-shell.e2e.test.ts). Here the interface language is en-US, as under an /en-US/brokerManager URL.

let BrokerLayout: ComponentType;
beforeAll(async () => {
  await initI18n('en-US');
  // As in the app, the layout's chunk (with the broker namespaces it adds) loads once i18next is initialised.
  ({ BrokerLayout } = await import('./BrokerLayout.tsx'));
});

let mounted: Rendered | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
});

/** What the suspense boundary showed, and the instances and texts a page under the layout rendered with. */
function probe(namespace: 'wallet' | 'loans', key: string) {
  const fallbacks: number[] = [];
  const instances = new Set<i18n>();
  const texts: string[] = [];
  function Fallback() {
    fallbacks.push(fallbacks.length);
    return <p data-testid="fallback">…</p>;
  }
  function Page() {
    const { t } = useTranslation(namespace);
    const context = useContext(I18nContext);
    if (context?.i18n) instances.add(context.i18n);
    texts.push(t(key));
    return <p data-testid="page">{t(key)}</p>;
  }
  return { fallbacks, instances, texts, Fallback, Page };
}

async function mountBroker(parts: ReturnType<typeof probe>): Promise<void> {
  const { Fallback, Page } = parts;
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/brokerManager',
        element: (
          <Suspense fallback={<Fallback />}>
            <BrokerLayout />
          </Suspense>
        ),
        // The manager's own path shows its outlet whoever asks (it redirects to the project page in the app).
        children: [{ index: true, element: <Page /> }],
      },
    ],
    { initialEntries: ['/en-US/brokerManager'] },
  );
  mounted = await mount(<RouterProvider router={router} />, i18next);
}

describe("the broker manager's zh-HK instance (BrokerLayout, fixedLanguageInstance)", () => {
  it('is one instance, ready when handed out, in zh-HK while the interface is en-US', async () => {
    await loadNamespaces([...START_NAMESPACES, 'wallet'], 'zh-HK');
    const zhHK = fixedLanguageInstance('zh-HK');
    expect(zhHK.isInitialized).toBe(true);
    expect(zhHK.language).toBe('zh-HK');
    expect(i18next.language).toBe('en-US');
    expect(zhHK.getFixedT(null, 'wallet')('nav.overview')).toBe(zhWallet.nav.overview);
    expect(fixedLanguageInstance('zh-HK')).toBe(zhHK);
  });

  it('renders the layout on its first commit, never its suspense fallback, with the same instance on each mount', async () => {
    await loadNamespaces([...START_NAMESPACES, ...(PAGE_NAMESPACES['brokerLayout'] ?? []), 'wallet'], 'zh-HK');
    const parts = probe('wallet', 'nav.overview');
    await mountBroker(parts);
    const shown = () => mounted?.container.querySelector('[data-testid="page"]')?.textContent;
    expect(shown()).toBe(zhWallet.nav.overview);
    expect(mounted?.container.querySelector('[data-testid="skip-link"]')).not.toBeNull();
    expect(parts.fallbacks).toEqual([]);
    await mounted?.unmount();
    await mountBroker(parts);
    expect(shown()).toBe(zhWallet.nav.overview);
    expect(parts.fallbacks).toEqual([]);
    expect([...parts.instances]).toEqual([fixedLanguageInstance('zh-HK')]);
  });

  it('a layout whose zh-HK texts are still loading shows once they are in, with one instance throughout', async () => {
    // A namespace loaded in en-US only: the page waits for its zh-HK texts, never showing a raw key.
    await loadNamespaces(['loans']);
    expect(i18next.hasResourceBundle('zh-HK', 'loans')).toBe(false);
    const parts = probe('loans', 'title');
    await mountBroker(parts);
    await expect.poll(() => mounted?.container.querySelector('[data-testid="page"]')?.textContent).toBe(zhLoans.title);
    expect(parts.fallbacks.length).toBeGreaterThan(0);
    expect(new Set(parts.texts)).toEqual(new Set([zhLoans.title]));
    expect(i18next.hasResourceBundle('zh-HK', 'loans')).toBe(true);
    expect([...parts.instances]).toEqual([fixedLanguageInstance('zh-HK')]);
  });
});
