/**
 * spec §3 "Trade form": direction (buy or sell), priceType (limit or market; spot also stop-limit on the last
 * price), price, volume; USD-M adds the futures order types (stop-limit, stop-market with a mark or last price
 * trigger, the trailing stop with its callback rate and activation price, time in force,
 * post-only, reduce-only, take-profit / stop-loss, size in the base asset or in the quote asset).
 */
export type Direction = 'buy' | 'sell';
/** `oco` (spot only): a limit leg and a stop-limit leg sent together by sendOcoOrder (server/trade/README.md "Order types"). */
export type PriceType = 'limit' | 'market' | 'stop_limit' | 'stop_market' | 'trailing_stop_market' | 'oco';
export type WorkingType = 'MARK_PRICE' | 'CONTRACT_PRICE';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

export interface TradeFormState {
  direction: Direction;
  priceType: PriceType;
  price: string;
  volume: string;
  /** The slider position (0..100) the volume was derived from; 0 once the volume is typed by hand. */
  percent: number;
  stopPrice: string;
  workingType: WorkingType;
  timeInForce: TimeInForce;
  postOnly: boolean;
  reduceOnly: boolean;
  /** take-profit / stop-loss with the entry */
  tpsl: boolean;
  takeProfit: string;
  stopLoss: string;
  /** the volume field counts the base asset or the quote asset (USDT) */
  sizeUnit: 'base' | 'quote';
  /** trailing stop: callback rate in percent, optional activation price */
  callbackRate: string;
  activationPrice: string;
  /** OCO: the stop-limit leg's limit price (its trigger is stopPrice, the limit leg's price is price) */
  stopLimitPrice: string;
}

export const INITIAL_FORM: TradeFormState = {
  direction: 'buy',
  priceType: 'limit',
  price: '',
  volume: '',
  percent: 0,
  stopPrice: '',
  workingType: 'MARK_PRICE',
  timeInForce: 'GTC',
  postOnly: false,
  reduceOnly: false,
  tpsl: false,
  takeProfit: '',
  stopLoss: '',
  sizeUnit: 'base',
  callbackRate: '',
  activationPrice: '',
  stopLimitPrice: '',
};

/** Fields of the USD-M extras set one by one (no rule of spec §4 ties them to the others). */
export type ExtrasPatch = Partial<Pick<TradeFormState, 'stopPrice' | 'workingType' | 'timeInForce' | 'postOnly' | 'reduceOnly' | 'tpsl' | 'takeProfit' | 'stopLoss' | 'callbackRate' | 'activationPrice' | 'stopLimitPrice'>>;

export const isLimitLike = (p: PriceType): boolean => p === 'limit' || p === 'stop_limit' || p === 'oco';
export const isStop = (p: PriceType): boolean => p === 'stop_limit' || p === 'stop_market' || p === 'oco';

export type FormAction =
  | { type: 'direction'; direction: Direction }
  | { type: 'priceType'; priceType: PriceType }
  | { type: 'price'; price: string }
  | { type: 'volume'; volume: string }
  | { type: 'percent'; percent: number; volume: string }
  | { type: 'picked'; price: string }
  | { type: 'extras'; patch: ExtrasPatch }
  | { type: 'sizeUnit'; sizeUnit: 'base' | 'quote' }
  | { type: 'reset' };

/**
 * spec §4 "Trade form": changing direction resets price, volume and price type to limit; changing price
 * type clears price and volume. Choosing the value already selected changes nothing.
 */
export function formReducer(state: TradeFormState, action: FormAction): TradeFormState {
  switch (action.type) {
    case 'direction':
      if (action.direction === state.direction) return state;
      return { ...INITIAL_FORM, direction: action.direction, sizeUnit: state.sizeUnit };
    case 'priceType':
      if (action.priceType === state.priceType) return state;
      return {
        ...state,
        priceType: action.priceType,
        price: '',
        volume: '',
        percent: 0,
        stopPrice: '',
        callbackRate: '',
        activationPrice: '',
        stopLimitPrice: '',
        // time in force and post-only belong to limit orders
        ...(action.priceType === 'limit' ? {} : { postOnly: false }),
        ...(isLimitLike(action.priceType) ? {} : { timeInForce: 'GTC' as const }),
      };
    case 'extras': {
      const next = { ...state, ...action.patch };
      // A reduce-only order carries no take-profit / stop-loss; post-only is GTC only.
      if (action.patch.reduceOnly) next.tpsl = false;
      if (action.patch.tpsl) next.reduceOnly = false;
      if (action.patch.postOnly) next.timeInForce = 'GTC';
      if (action.patch.timeInForce && action.patch.timeInForce !== 'GTC') next.postOnly = false;
      return next;
    }
    case 'sizeUnit':
      return action.sizeUnit === state.sizeUnit ? state : { ...state, sizeUnit: action.sizeUnit, volume: '', percent: 0 };
    case 'price':
      return { ...state, price: action.price };
    case 'volume':
      return { ...state, volume: action.volume, percent: 0 };
    case 'percent':
      return { ...state, volume: action.volume, percent: action.percent };
    case 'picked':
      // A price picked from the book is a limit price (spec §3 "Trade form").
      return isLimitLike(state.priceType)
        ? { ...state, price: action.price }
        : { ...state, priceType: 'limit', price: action.price, volume: '', percent: 0, stopPrice: '' };
    case 'reset':
      return { ...INITIAL_FORM, direction: state.direction, priceType: state.priceType, sizeUnit: state.sizeUnit };
  }
}
