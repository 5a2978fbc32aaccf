import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { mount, type Rendered } from '../components/testing/render.tsx';
import en from '../../locales/en-US/common.json';
import zh from '../../locales/zh-HK/common.json';
import { brokerLayoutRoute, routes } from './router.tsx';

// The router's errorElement on `/:lang` and on the broker layout's lazy route: a page whose element throws gets the
// translated error screen with the way on (the home page, a reload) instead of the router's untranslated default;
// a lazy route whose chunk fails is named (spec §8 the load error naming the chunk) with its retry.

async function i18n(lng: 'en-US' | 'zh-HK') {
  const instance = i18next.createInstance();
  await instance.init({ resources: { 'en-US': { common: en }, 'zh-HK': { common: zh } }, lng, defaultNS: 'common', interpolation: { escapeValue: false } });
  return instance;
}

/** The app's `/:lang` route (its element and errorElement as the app has them) over the children given. */
function langRoute(children: RouteObject[]): RouteObject[] {
  const route = routes.find((r) => r.path === '/:lang');
  if (!route || route.index) throw new Error('the route table has no /:lang layout route');
  return [{ ...route, children }];
}

function Broken(): never {
  throw new Error('render failed');
}

/**
 * Settles once the router has loaded its first matches. A router made before the mount may settle before
 * RouterProvider subscribes (the app makes its router while rendering, so it cannot): mount after.
 */
function initialized(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
let view: Rendered | undefined;

afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('router errorElement', () => {
  it('a page that throws: the translated error screen, and the home link leads on', async () => {
    const router = createMemoryRouter(
      langRoute([
        { path: 'broken', element: <Broken /> },
        { path: 'home', element: <p data-testid="home-page">home</p> },
      ]),
      { initialEntries: ['/en-US/broken'] },
    );
    view = await mount(<RouterProvider router={router} />, await i18n('en-US'));
    await expect.poll(() => q('route-error')?.querySelector('h1')?.textContent).toBe(en.routeError.title);
    expect(q('route-error')?.textContent).toContain(en.routeError.text);
    expect(q('route-error-reload')?.textContent).toBe(en.routeError.reload);
    expect(document.body.textContent).not.toContain('Unexpected Application Error');
    const home = q('route-error-home') as HTMLAnchorElement;
    expect(home.textContent).toBe(en.routeError.home);
    expect(new URL(home.href).pathname).toBe('/en-US/home');
    home.click();
    await expect.poll(() => q('home-page')?.textContent).toBe('home');
    expect(q('route-error')).toBeNull();
  });

  it('says it in zh-HK', async () => {
    const router = createMemoryRouter(langRoute([{ path: 'broken', element: <Broken /> }]), { initialEntries: ['/zh-HK/broken'] });
    view = await mount(<RouterProvider router={router} />, await i18n('zh-HK'));
    await expect.poll(() => q('route-error')?.querySelector('h1')?.textContent).toBe(zh.routeError.title);
    expect(q('route-error-home')?.textContent).toBe(zh.routeError.home);
    expect(new URL((q('route-error-home') as HTMLAnchorElement).href).pathname).toBe('/zh-HK/home');
  });

  it('a lazy route whose chunk fails: the load error names the chunk, with its retry', async () => {
    const failing = brokerLayoutRoute(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${window.location.origin}/assets/BrokerLayout-x1.js`)));
    const router = createMemoryRouter(langRoute([failing]), { initialEntries: ['/zh-HK/brokerManager/project'] });
    await initialized(router);
    view = await mount(<RouterProvider router={router} />, await i18n('zh-HK'));
    await expect.poll(() => q('chunk-error')?.querySelector('p')?.textContent).toBe('無法載入頁面模組「brokerLayout」。請檢查網絡後重試。');
    expect(q('chunk-error')?.querySelector('h2')?.textContent).toBe(zh.chunk.errorTitle);
    expect(q('chunk-error')?.querySelector('button')?.textContent).toBe(zh.chunk.retry);
    expect(q('route-error')).toBeNull();
  });
});
