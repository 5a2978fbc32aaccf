import { createRoot, type Root } from 'react-dom/client';
import { act } from './act-environment.ts';

// Test helper for browser tests that drive React themselves: one root in a host element of the page. `host` and
// `root` are live bindings: they name what mountHost made until unmountHost (which the file's afterEach calls).

/** The host element of the mounted root: read it only while one is mounted (mountHost before, unmountHost after). */
export let host = undefined as unknown as HTMLElement;
export let root: Root | undefined;

/** A new host element (styled by `cssText`) at the end of the page, and a root in it. */
export function mountHost(cssText = ''): Root {
  host = document.createElement('div');
  host.style.cssText = cssText;
  document.body.append(host);
  root = createRoot(host);
  return root;
}

/** Unmounts the root and takes the host off the page. */
export function unmountHost(): void {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
  host = undefined as unknown as HTMLElement;
}
