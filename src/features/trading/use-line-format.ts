import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { measureGlyphs, sameGlyphs, UNMEASURED, type GlyphWidths } from './aligned-line.ts';

/** How a list's fields are aligned (aligned-line.ts): its columns' width in px and its font's glyphs. */
export interface LineFormat {
  column: number;
  glyphs: GlyphWidths;
}

/**
 * The format of a list's lines (BookSideList, RecentTrades): `columns` equal columns across the text node `lines`,
 * in its font. Measured when the list's scroll box `box` changes width (a ResizeObserver, whose callback reads a
 * clean layout) or, when the lines did not exist then (a list that was hidden, or had no rows yet), on the first
 * render that has them (one forced layout). `onChange` writes the lines again in the new format. Until it is
 * measured the format is UNMEASURED (one figure space between fields).
 */
export function useLineFormat(box: RefObject<HTMLElement | null>, lines: RefObject<HTMLElement | null>, columns: number, onChange: () => void): RefObject<LineFormat> {
  const format = useRef<LineFormat>({ column: 0, glyphs: UNMEASURED });
  const laidOut = useRef(false);
  // The box changed width since the lines were last measured.
  const stale = useRef(true);
  const changed = useRef(onChange);
  changed.current = onChange;
  /** Reads the lines' width and font into `format`; whether they changed. */
  const measure = useRef((): boolean => {
    const el = lines.current;
    const glyphs = el ? measureGlyphs(el) : null;
    const column = el ? el.clientWidth / columns : 0;
    if (!glyphs || column === 0) return false;
    stale.current = false;
    if (column === format.current.column && sameGlyphs(glyphs, format.current.glyphs)) return false;
    format.current = { column, glyphs };
    return true;
  });

  useLayoutEffect(() => {
    if (stale.current && laidOut.current && measure.current()) changed.current();
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    let width = -1;
    const observer = new ResizeObserver((entries) => {
      const next = entries[entries.length - 1]?.contentRect.width ?? 0;
      if (next === width) return;
      width = next;
      laidOut.current = next > 0;
      stale.current = true;
      if (laidOut.current && measure.current()) changed.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);

  return format;
}
