import { useCallback, useEffect, useLayoutEffect, useRef, type Ref } from 'react';

/**
 * One column of a virtualised list's text (BookSideList, RecentTrades): a line per visible row in a single text
 * node. Where the list's canvas draws the lines (row-painter.ts), this is their transparent copy (find in page,
 * copying). Assistive technology reads the list's RowsTable instead, row by row, so the columns are hidden from it.
 */
export function TextColumn({ className, col, lines, ref }: { className: string; col: string; lines: readonly string[]; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className={className} data-col={col} aria-hidden="true">
      {lines.join('\n')}
    </div>
  );
}

/**
 * Writes a column's text between renders (a tick handed to a list: BookSideList, RecentTrades): its one text
 * node's data, which React created. The list's next render computes the same lines from the same data.
 */
export function writeLines(column: HTMLDivElement | null, lines: readonly string[]): void {
  writeText(column, lines.join('\n'));
}

/** Sets an element's one text node (created on the first write), not a text React manages. */
export function writeText(element: HTMLElement | null, text: string): void {
  if (!element) return;
  const node = element.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && node === element.lastChild) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else element.textContent = text;
}

/**
 * A list's document copy of the lines its canvas draws (row-painter.ts): `schedule` runs `write` once, `ms` after the
 * first call since the last write, so a stream of ticks writes it at most once every `ms`, the last tick included.
 */
export function useLaterWrite(write: () => void, ms: number): () => void {
  const latest = useRef(write);
  useLayoutEffect(() => {
    latest.current = write;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
  return useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, ms);
  }, [ms]);
}

/**
 * What a list does with its document text after a tick: where its canvas draws the lines, `write` runs at most once
 * every `ms` (the copy, useLaterWrite); where the document's text is what is shown (forced colours), at once.
 */
export function useTickCopy(canvasText: boolean, write: () => void, ms: number): () => void {
  const later = useLaterWrite(write, ms);
  return canvasText ? later : write;
}
