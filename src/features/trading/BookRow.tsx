import { memo } from 'react';

export interface BookRowProps {
  side: 'bid' | 'ask';
  price: string;
  qty: string;
  total: string;
  /** depth bar width, 0…100 */
  pct: number;
  /** the level changed in the latest snapshot */
  flash: boolean;
  onPick: (price: string, side: 'bid' | 'ask') => void;
}

/**
 * One price level. Props are primitives, so an unchanged level is skipped by memo on a tick. The depth bar
 * is the row's background image sized by `pct` (trading.css), not an element of its own.
 */
export const BookRow = memo(function BookRow({ side, price, qty, total, pct, flash, onPick }: BookRowProps) {
  return (
    <div
      className={flash ? `td-book-row td-book-row--${side} td-book-row--flash` : `td-book-row td-book-row--${side}`}
      role="row"
      style={{ backgroundSize: `${pct}% 100%` }}
      data-price={price}
      data-qty={qty}
      onClick={() => onPick(price, side)}
    >
      <span role="cell" className="td-cell td-book-price">
        {price}
      </span>
      <span role="cell" className="td-cell td-book-num">
        {qty}
      </span>
      <span role="cell" className="td-cell td-book-num">
        {total}
      </span>
    </div>
  );
});
