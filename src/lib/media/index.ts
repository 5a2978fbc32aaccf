import { useSyncExternalStore } from 'react';

/** The phone layout's width (trading.css and layouts.css use the same 760 px). */
export const PHONE_QUERY = '(max-width: 760px)';

/** Whether a CSS media query matches now, re-rendering when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
