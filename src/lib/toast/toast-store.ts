import { createStore, type StoreApi } from 'zustand/vanilla';

export type ToastSeverity = 'error' | 'warn' | 'info' | 'success';

export interface ToastInput {
  severity: ToastSeverity;
  /** Plain text (server messages included); rendered as a text node, never as HTML. */
  text: string;
  /** Defaults to the store's duration (spec §8: toasts show about 2.5 s). */
  durationMs?: number;
}

export interface Toast {
  id: number;
  severity: ToastSeverity;
  text: string;
}

export interface ToastState {
  toasts: readonly Toast[];
}

/** Timers are injected so tests drive time (../shared/CONVENTIONS.md "Hot paths": inject a clock/scheduler). */
export interface ToastTimers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export interface ToastStoreOptions {
  durationMs?: number;
  /** Oldest toasts are dropped beyond this many, so a burst of failures cannot fill the screen. */
  maxVisible?: number;
  timers?: ToastTimers;
}

export interface ToastController {
  store: StoreApi<ToastState>;
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

// spec §8: "Toasts show about 2.5 s".
export const TOAST_DURATION_MS = 2500;
const DEFAULT_MAX_VISIBLE = 5;

const realTimers: ToastTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createToastController(options: ToastStoreOptions = {}): ToastController {
  const durationMs = options.durationMs ?? TOAST_DURATION_MS;
  const maxVisible = options.maxVisible ?? DEFAULT_MAX_VISIBLE;
  const timers = options.timers ?? realTimers;
  const store = createStore<ToastState>(() => ({ toasts: [] }));
  const pending = new Map<number, unknown>();
  let nextId = 1;

  function dismiss(id: number): void {
    const handle = pending.get(id);
    if (handle !== undefined) timers.clear(handle);
    pending.delete(id);
    const { toasts } = store.getState();
    if (toasts.some((t) => t.id === id)) store.setState({ toasts: toasts.filter((t) => t.id !== id) });
  }

  function show(input: ToastInput): number {
    const id = nextId++;
    const toast: Toast = { id, severity: input.severity, text: String(input.text) };
    let toasts = [...store.getState().toasts, toast];
    while (toasts.length > maxVisible) {
      const [oldest, ...rest] = toasts;
      if (oldest) {
        const handle = pending.get(oldest.id);
        if (handle !== undefined) timers.clear(handle);
        pending.delete(oldest.id);
      }
      toasts = rest;
    }
    store.setState({ toasts });
    pending.set(id, timers.set(() => dismiss(id), input.durationMs ?? durationMs));
    return id;
  }

  function clear(): void {
    for (const handle of pending.values()) timers.clear(handle);
    pending.clear();
    store.setState({ toasts: [] });
  }

  return { store, show, dismiss, clear };
}

/** The app's one toast queue; `showToast` works outside React (the api client calls it). */
export const toasts = createToastController();
export const toastStore = toasts.store;
export const showToast = toasts.show;
export const dismissToast = toasts.dismiss;
