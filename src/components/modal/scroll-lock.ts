// spec §2: while a modal is shown, page scrolling is disabled and restored on hide. Several modals can
// be shown at once (nested or side by side), so the lock is counted: the first lock saves the page's
// own overflow value, the last release puts exactly that value back, whatever order they close in.

let holders = 0;
let savedOverflow = '';

/** Disables page scrolling until the returned release function is called (idempotent). */
export function lockPageScroll(doc: Document = document): () => void {
  if (holders === 0) {
    savedOverflow = doc.body.style.overflow;
    doc.body.style.overflow = 'hidden';
  }
  holders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders === 0) doc.body.style.overflow = savedOverflow;
  };
}

/** How many locks are held (for tests and diagnostics). */
export function pageScrollLocks(): number {
  return holders;
}
