import { memo } from 'react';

export interface BookRowProps {
  side: 'bid' | 'ask';
  top: number;
  price: string;
  qty: string;
  total: string;
  /** depth bar width, 0…100 */
  pct: number;
  /** the level changed in the latest snapshot */
  flash: boolean;
  onPick: (price: string, side: 'bid' | 'ask') => void;
}

/** One price level. Props are primitives, so an unchanged level is skipped by memo on a tick. */
export const BookRow = memo(function BookRow({ side, top, price, qty, total, pct, flash, onPick }: BookRowProps) {
  return (
    <div
      className={flash ? `td-book-row td-book-row--${side} td-book-row--flash` : `td-book-row td-book-row--${side}`}
      role="row"
      style={{ transform: `translateY(${top}px)` }}
      data-price={price}
      data-qty={qty}
      onClick={() => onPick(price, side)}
    >
      {/* scaleX, not width: the bar changes on most rows every tick, and a transform needs no layout */}
      <span className="td-book-bar" style={{ transform: `scaleX(${pct / 100})` }} aria-hidden="true" />
      <span role="cell" className="td-book-price">
        {price}
      </span>
      <span role="cell" className="td-book-num">
        {qty}
      </span>
      <span role="cell" className="td-book-num">
        {total}
      </span>
    </div>
  );
});
