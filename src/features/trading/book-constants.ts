/** spec §9 "Order book: 500 levels" (a side). */
export const BOOK_DEPTH = 500;
