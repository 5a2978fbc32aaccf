import { useEffect, useRef } from 'react';

/**
 * A DataTable's scrolling wrapper (primereact's `.p-datatable-wrapper`, which scrolls sideways when the columns
 * are wider than the screen) made reachable by keyboard and named for assistive tech (WCAG 2.1.1; axe
 * `scrollable-region-focusable`). primereact gives no prop for the wrapper, so the effect sets it on the node.
 */
export function useScrollRegion<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const wrapper = ref.current?.querySelector<HTMLElement>('.p-datatable-wrapper');
    if (!wrapper) return;
    wrapper.tabIndex = 0;
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute('aria-label', label);
  }, [label]);
  return ref;
}
