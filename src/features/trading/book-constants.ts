/** spec §9 "Order book: 500 levels" (a side). */
export const BOOK_DEPTH = 500;

/** The side padding of a live list's rows window (trading.css `.td-rows-window`): its canvas draws the columns inside it. */
export const ROW_PADDING = 10;
