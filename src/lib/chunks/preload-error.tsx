import type { i18n } from 'i18next';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ChunkLoadError } from './chunk-loading.ts';
import { ChunkErrorView } from './LazyPage.tsx';

// spec §8 "Chunk load failure (script or style chunk fails or times out) raises a load error naming the chunk".
// Vite fires `vite:preloadError` on window when a modulepreload or a CSS chunk of a dynamic import fails
// (https://vite.dev/guide/build#load-error-handling). A stale build is the usual cause (a new deployment removed
// the old chunks): one reload fetches the new index. So the first failure of a build reloads the page once, and
// remembers in sessionStorage that it did; a failure after that reload is named with a reload action, never a
// second automatic reload (no reload loop). A script chunk's failure is left to reject its import: every chunk
// loads through this folder (lazyPage, lazyRoute, loadChunk), whose boundary names it in place. A style chunk's
// is prevented, so the page's script still loads and shows, unstyled, under this view naming the style chunk.

/** The sessionStorage key that remembers the build a reload was tried for. */
export const RELOAD_TRIED_KEY = 'td.chunkReloadTried';

export interface PreloadErrorOptions {
  /** The app's translations (the error view reads the `common` namespace's `chunk.*`). */
  i18n: i18n;
  /**
   * When those translations are in: the handler is installed before the start-up texts load (the first page's chunk
   * and its styles load beside them, src/main.tsx), and the error view renders only once they are.
   */
  ready?: () => Promise<unknown>;
  /** What tells one build from the next; by default the URL of the module this file was bundled into (hashed). */
  buildId?: string;
  target?: Window;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload?: () => void;
}

/** Whether a preload error is a style chunk's (Vite: "Unable to preload CSS for <url>"). */
export function isStyleFailure(payload: unknown): boolean {
  const message = payload instanceof Error ? payload.message : typeof payload === 'string' ? payload : '';
  return /preload CSS|\.css(?:[?#\s]|$)/.test(message);
}

/** The chunk a preload error names: the file's name without its content hash, or "app" when it names none. */
export function chunkOfPreloadError(payload: unknown): string {
  const message = payload instanceof Error ? payload.message : typeof payload === 'string' ? payload : '';
  const url = /https?:\/\/[^\s'"]+|\/[^\s'"]+\.(?:m?js|css)/.exec(message)?.[0];
  if (!url) return 'app';
  const file = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const name = file.replace(/\.(?:m?js|css)$/, '').replace(/-[\w-]{8}$/, '');
  return name || 'app';
}

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Installs the `vite:preloadError` handler (at start-up, src/main.tsx). Returns its removal (and the error view's).
 */
export function installPreloadErrorHandler(options: PreloadErrorOptions): () => void {
  const target = options.target ?? window;
  const storage = options.storage === undefined ? sessionStore() : options.storage;
  const reload = options.reload ?? (() => window.location.reload());
  const buildId = options.buildId ?? new URL(import.meta.url).pathname;
  let shown: { host: HTMLElement; unmount: () => void } | null = null;
  let reloading = false;

  const remember = () => {
    try {
      storage?.setItem(RELOAD_TRIED_KEY, buildId);
    } catch {
      // Storage refused (private mode, quota): the error view still offers the reload by hand.
    }
  };
  const reloadTried = () => {
    try {
      return storage?.getItem(RELOAD_TRIED_KEY) === buildId;
    } catch {
      return true; // Nothing can be remembered: never reload on our own, or a failing chunk would loop.
    }
  };

  const show = (error: ChunkLoadError) => {
    if (shown) return; // once: later failures of the same page life add no second view
    const host = document.createElement('div');
    host.className = 'td-preload-error';
    document.body.prepend(host);
    const root = createRoot(host);
    shown = { host, unmount: () => root.unmount() };
    const render = () =>
      root.render(
        <I18nextProvider i18n={options.i18n} defaultNS="common">
          <ChunkErrorView
            error={error}
            onRetry={() => {
              remember();
              reload();
            }}
          />
        </I18nextProvider>,
      );
    // Texts that never arrive still leave the view, in whatever the instance has.
    void (options.ready ? options.ready() : Promise.resolve()).then(render, render);
  };

  const onPreloadError = (event: Event) => {
    if (reloading) return; // the page is going away
    const payload = (event as Event & { payload?: unknown }).payload;
    if (!reloadTried()) {
      remember();
      reloading = true;
      reload();
      return;
    }
    // A script chunk: not prevented (a prevented import resolves to nothing), its boundary names it in place.
    if (!isStyleFailure(payload)) return;
    event.preventDefault();
    show(new ChunkLoadError(chunkOfPreloadError(payload), 'failed', { cause: payload }));
  };

  target.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
    shown?.unmount();
    shown?.host.remove();
    shown = null;
  };
}
