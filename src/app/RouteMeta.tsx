import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../lib/config/index.ts';
import { MAIN_ID } from './layouts/SkipLink.tsx';

/** How long a page's h1 may take to appear after an in-app navigation (its chunk loading) before focus gives up. */
const HEADING_WAIT_MS = 10_000;

/** False until the app's first route has mounted: the first page load keeps the browser's own focus (the skip link first). */
let navigated = false;

/**
 * Focuses an element the way the convert screen focuses its step headings (ResultPanel): a heading takes
 * programmatic focus with tabIndex -1, and keeps out of the tab order.
 */
export function focusHeading(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: false });
}

/**
 * Moves focus to the page's h1 (or, on a page that has none yet, its main region) once it is in the document, unless
 * the person has moved focus elsewhere meanwhile (WCAG 2.4.3 focus order: after an in-app navigation focus must
 * not stay on a link that has gone or drop to the body). Returns a cancel function.
 */
export function focusPageHeading(timeoutMs = HEADING_WAIT_MS): () => void {
  const start = document.activeElement;
  const main = document.getElementById(MAIN_ID);
  if (!main) return () => undefined;
  const untouched = () => {
    const now = document.activeElement;
    return now === null || now === document.body || now === start || !now.isConnected;
  };
  const tryFocus = () => {
    const h1 = main.querySelector<HTMLElement>('h1');
    if (!h1) return false;
    if (untouched()) focusHeading(h1);
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => {
    stop();
    if (untouched()) focusHeading(main);
  }, timeoutMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * What every route's page gets from the router (router.tsx), rendered before the page so that a page's own title
 * (usePageMeta, a later sibling's effect) wins over this default:
 * - the document title `page · product` from `common:pages.<key>` in the page's language (spec §2: each page titled in
 *   its language; the broker manager's layout gives its pages zh-HK);
 * - on an in-app navigation to another route (not the first load, not a parameter change within one route), focus
 *   on the new page's h1.
 */
export function RouteMeta({ page }: { page: string }) {
  const { t, i18n } = useTranslation('common');
  const title = t(`pages.${page}`);
  const product = t(config.titleKey);
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product, i18n.language]);
  useEffect(() => {
    if (!navigated) {
      navigated = true;
      return undefined;
    }
    return focusPageHeading();
  }, []);
  return null;
}
