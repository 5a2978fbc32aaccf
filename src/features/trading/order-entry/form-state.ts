/** spec §3 "Trade form": direction (buy or sell), priceType (limit or market), price, volume. */
export type Direction = 'buy' | 'sell';
export type PriceType = 'limit' | 'market';

export interface TradeFormState {
  direction: Direction;
  priceType: PriceType;
  price: string;
  volume: string;
  /** The slider position (0..100) the volume was derived from; 0 once the volume is typed by hand. */
  percent: number;
}

export const INITIAL_FORM: TradeFormState = { direction: 'buy', priceType: 'limit', price: '', volume: '', percent: 0 };

export type FormAction =
  | { type: 'direction'; direction: Direction }
  | { type: 'priceType'; priceType: PriceType }
  | { type: 'price'; price: string }
  | { type: 'volume'; volume: string }
  | { type: 'percent'; percent: number; volume: string }
  | { type: 'picked'; price: string }
  | { type: 'reset' };

/**
 * spec §4 "Trade form": changing direction resets price, volume and price type to limit; changing price
 * type clears price and volume. Choosing the value already selected changes nothing.
 */
export function formReducer(state: TradeFormState, action: FormAction): TradeFormState {
  switch (action.type) {
    case 'direction':
      if (action.direction === state.direction) return state;
      return { ...INITIAL_FORM, direction: action.direction };
    case 'priceType':
      if (action.priceType === state.priceType) return state;
      return { ...state, priceType: action.priceType, price: '', volume: '', percent: 0 };
    case 'price':
      return { ...state, price: action.price };
    case 'volume':
      return { ...state, volume: action.volume, percent: 0 };
    case 'percent':
      return { ...state, volume: action.volume, percent: action.percent };
    case 'picked':
      // A price picked from the book is a limit price (issue 6 picked price).
      return state.priceType === 'limit'
        ? { ...state, price: action.price }
        : { ...state, priceType: 'limit', price: action.price, volume: '', percent: 0 };
    case 'reset':
      return { ...INITIAL_FORM, direction: state.direction, priceType: state.priceType };
  }
}
