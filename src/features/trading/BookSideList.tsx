import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { BookRow } from './BookRow.tsx';
import type { FlashTracker } from './book-rows.ts';

export const BOOK_ROW_HEIGHT = 20;

export interface BookSideListProps {
  side: 'bid' | 'ask';
  /** flat [price, qty, ...], best first */
  levels: Float64Array;
  /** cumulative quantities, best first (at least levels.length / 2 entries) */
  totals: Float64Array;
  /** the total that fills a bar */
  barScale: number;
  priceDigits: number;
  amountDigits: number;
  tracker: FlashTracker;
  /** asks are shown best last (nearest the spread), so their list runs in reverse and starts at the bottom */
  reversed: boolean;
  /** changes when the list should jump back to the best level (pair or grouping changed) */
  resetKey: string;
  label: string;
  onPick: (price: string, side: 'bid' | 'ask') => void;
}

/** One side of the book, virtualised with fixed row heights: only the visible levels are rendered. */
export function BookSideList(props: BookSideListProps) {
  const { side, levels, totals, barScale, priceDigits, amountDigits, tracker, reversed, resetKey, label, onPick } = props;
  const count = levels.length / 2;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualizer re-renders this component on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BOOK_ROW_HEIGHT,
    overscan: 2,
    // Scroll renders are batched by React 19 instead of flushed synchronously on every scroll event.
    useFlushSync: false,
    // Keyed by position (the default): on a tick the rows stay in the DOM and only their text changes.
    // Keyed by price, most visible rows were removed and re-inserted on every tick (prices move), which cost
    // a style recalc and a layout of each new row (bench/browser/profile.ts).
  });
  const hasRows = count > 0;
  useEffect(() => {
    if (reversed && hasRows) virtualizer.scrollToIndex(count - 1, { align: 'end' });
    // Jump to the best ask once per pair/grouping, not on every tick.
  }, [resetKey, hasRows]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div ref={scrollRef} className="td-book-scroll" role="rowgroup" aria-label={label} data-testid={`book-${side}s`} data-count={count}>
      <div className="td-rows" style={{ height: virtualizer.getTotalSize(), paddingTop: virtualizer.getVirtualItems()[0]?.start ?? 0 }}>
        {virtualizer.getVirtualItems().map((item) => {
          const level = reversed ? count - 1 - item.index : item.index;
          const price = levels[level * 2] as number;
          const total = totals[level] as number;
          return (
            <BookRow
              key={item.key}
              side={side}
              price={price.toFixed(priceDigits)}
              qty={(levels[level * 2 + 1] as number).toFixed(amountDigits)}
              total={total.toFixed(amountDigits)}
              pct={barScale > 0 ? Math.min(100, (total / barScale) * 100) : 0}
              flash={tracker.changed(price)}
              onPick={onPick}
            />
          );
        })}
      </div>
    </div>
  );
}
