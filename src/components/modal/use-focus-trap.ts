import { useEffect, type RefObject, type KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus into the dialog while it is shown and gives it back to where it was on hide. A parent
 * modal opening in the same commit as a nested one runs its effect last, so it leaves focus alone when
 * a deeper dialog already holds it.
 */
export function useFocusReturn(active: boolean, dialog: RefObject<HTMLElement | null>, depth: number): void {
  useEffect(() => {
    if (!active) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const holder = previous?.closest<HTMLElement>('[data-modal-depth]');
    if (!holder || Number(holder.dataset['modalDepth']) <= depth) dialog.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [active, dialog, depth]);
}

/** Keeps Tab and Shift+Tab inside the dialog (an aria-modal dialog must not let focus reach the page behind). */
export function trapTab(event: KeyboardEvent<HTMLElement>, dialog: HTMLElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const current = document.activeElement;
  if (event.shiftKey && (current === first || current === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && current === last) {
    event.preventDefault();
    first.focus();
  }
}
