import { useCallback, useEffect, useRef, useState } from 'react';

// A screen's server call, loaded, polled and refreshed the same way on every page (wallet, records, broker, OTC).

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * A call's result for a screen: loads on mount and on `reload`, keeps the last data while reloading, and
 * drops a reply that an unmount or a newer load made stale. `everyMs` polls (the page is left alone while
 * the tab is hidden).
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], everyMs?: number): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const generation = useRef(0);
  // The caller names what the load depends on.
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    run().then(
      (data) => mine === generation.current && setState({ data, error: null, loading: false }),
      (error: unknown) => mine === generation.current && setState((s) => ({ data: s.data, error, loading: false })),
    );
  }, [run]);
  useEffect(() => {
    reload();
    return () => {
      generation.current++;
    };
  }, [reload]);
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, reload]);
  return { ...state, reload };
}

/** `value` once it has stayed the same for `ms` (a form asks the server when typing pauses, not per keystroke). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
