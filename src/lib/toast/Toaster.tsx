import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { toastStore, type ToastState } from './toast-store.ts';
import './toaster.css';

export interface ToasterProps {
  /** Defaults to the app's toast queue; tests pass their own. */
  store?: StoreApi<ToastState>;
}

const selectToasts = (state: ToastState) => state.toasts;

/**
 * Mounted once by the app shell. Text only: a server message such as `<b>x</b>` shows literally
 * (../shared/CONVENTIONS.md "i18n": server messages render as text, never as HTML).
 */
export function Toaster({ store = toastStore }: ToasterProps) {
  const items = useStore(store, selectToasts);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="false">
      {items.map((toast) => (
        <div key={toast.id} className={`toaster__item toaster__item--${toast.severity}`} data-severity={toast.severity}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
