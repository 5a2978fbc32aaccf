import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { act } from '../../components/testing/act-environment.ts';
import { Toaster } from './Toaster.tsx';
import { createToastController } from './toast-store.ts';

let root: Root | undefined;
let host: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

function mount(controller: ReturnType<typeof createToastController>): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<Toaster store={controller.store} />));
  return host;
}

describe('<Toaster />', () => {
  it('renders server text as text, never as HTML', () => {
    const controller = createToastController();
    const el = mount(controller);
    act(() => {
      controller.show({ severity: 'error', text: '<b>x</b><img src=x onerror="window.__pwned=1">' });
    });
    const item = el.querySelector('[data-severity="error"]');
    expect(item?.textContent).toBe('<b>x</b><img src=x onerror="window.__pwned=1">');
    expect(el.querySelector('b')).toBeNull();
    expect(el.querySelector('img')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('is a polite live region and follows the store', () => {
    const controller = createToastController();
    const el = mount(controller);
    const region = el.querySelector('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    let id = 0;
    act(() => {
      id = controller.show({ severity: 'info', text: 'first' });
      controller.show({ severity: 'error', text: 'second' });
    });
    expect([...el.querySelectorAll('.toaster__item')].map((n) => n.textContent)).toEqual(['first', 'second']);
    act(() => controller.dismiss(id));
    expect([...el.querySelectorAll('.toaster__item')].map((n) => n.textContent)).toEqual(['second']);
  });
});
