import Type, { type TSchema } from 'typebox';
import { userPost } from './call.ts';
import { Amount, Id, IntegerEnum, IsoTime, RequestId, Strict, StringEnum, Text } from './schema.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './rules.ts';
import { BalanceRow } from './wallet.ts';

/**
 * The trading calls' shared blocks (spot here; USD-M in contract/futures.ts, the lightning terminal, transfers
 * and balances in contract/lightning.ts) and the spot calls. Shapes are documented in server/trade/README.md
 * "Calls". Request fields keep the sandbox's loose entry shapes: amounts as JSON numbers or decimal strings,
 * checked by parseAmount (server/platform/decimal.ts) against the pair's tick and step; ids as integers or digit
 * strings, checked by rowIdOf (server/trade/paging.ts).
 */

// ---- request fields ----

/** An amount as the trading calls take it: a JSON number or a decimal string, parsed by parseAmount. */
export const AmountInput = Type.Union([Type.String({ maxLength: 60 }), Type.Number()]);
/** spec §3 keyId / exchangeKeyId: optional everywhere; when sent, the caller's own key (checkKey). */
export const KeyId = Type.Union([Type.String({ maxLength: 40 }), Type.Integer()]);
/** spec §3 instrumentId: "BTCUSDT" or "BTC/USDT"; the pair itself is checked by pairOf. */
export const InstrumentId = Type.String({ maxLength: 30 });
/** spec §3 currency pair rows: baseCurrency, quoteCurrency. */
export const Currency = Text(1, 20);

/** Row ids are PostgreSQL `integer` identities: anything larger is no row (server/trade/paging.ts rowIdOf). */
export const MAX_ROW_ID = 2_147_483_647;
/** An order or configuration id as sent: an integer or a digit string. */
export const RowId = Type.Union([Type.String({ pattern: '^\\d{1,10}$' }), Type.Integer({ minimum: 1, maximum: MAX_ROW_ID })]);

/** spec §3 trade form: direction and price type. */
export const Direction = StringEnum(['buy', 'sell']);
export const PriceType = StringEnum(['limit', 'market']);
/** Spot order types (server/trade/README.md "Order types"): a stop-limit order (Binance STOP_LOSS_LIMIT / TAKE_PROFIT_LIMIT) fires on the last price. */
export const SpotPriceType = StringEnum(['limit', 'market', 'stop_limit']);
/**
 * USD-M order types (server/trade/README.md "Order types"; Binance's STOP / STOP_MARKET): a stop order waits for its
 * trigger (stopPrice, watching the mark or the last price) and then places a limit or a market order.
 */
export const FuturesPriceType = StringEnum(['limit', 'market', 'stop_limit', 'stop_market', 'trailing_stop_market']);
/** Which price a stop order watches (Binance workingType): the mark price or the last trade price. */
export const WorkingType = StringEnum(['MARK_PRICE', 'CONTRACT_PRICE']);
/** Time in force (Binance): good till cancelled, immediate or cancel, fill or kill. */
export const TimeInForce = StringEnum(['GTC', 'IOC', 'FOK']);
/** A take-profit or stop-loss order: a stop-market order that closes the position at its trigger. */
export const TpSlKind = StringEnum(['take_profit', 'stop_loss']);

/** spec §3 futures data filters (and the current-order query: keyId, instrumentId). */
export const OrderFilter = Strict({
  keyId: Type.Optional(KeyId),
  exchangeKeyId: Type.Optional(KeyId),
  instrumentId: Type.Optional(InstrumentId),
  direction: Type.Optional(Direction),
  // Either spelling of spec §4 (partial_filled or partial-filled): filterSql writes the column's one.
  status: Type.Optional(Type.String({ maxLength: 20 })),
  priceType: Type.Optional(FuturesPriceType),
});

/**
 * spec §3 history queries: cursorCondition (cursor, pageSize, searchDirection after/before). The cursor is a
 * row id (server/trade/paging.ts); pageSize one of spec §9's sizes, 10 and `after` when left out. Not strict:
 * other fields of the condition are ignored.
 */
export const CursorCondition = Type.Object({
  cursor: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{0,10}$' }), Type.Integer({ minimum: 0, maximum: MAX_ROW_ID }), Type.Null()])),
  pageSize: Type.Optional(IntegerEnum(PAGE_SIZES, { default: DEFAULT_PAGE_SIZE })),
  searchDirection: Type.Optional(StringEnum(['after', 'before'], { default: 'after' })),
});

/** A history query: a cursor condition and a filter (spec §3 queryCondition). */
export const CursorQuery = <F extends TSchema>(queryCondition: F) =>
  Strict({ cursorCondition: Type.Optional(CursorCondition), queryCondition: Type.Optional(queryCondition) });

// ---- reply blocks ----

/** A decimal string that may be negative (profit and loss, a position's signed size), at most 8 decimals written. */
export const SignedAmount = Type.String({ pattern: '^-?(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$', maxLength: 38 });

/** spec §4 order states (futures spelling). */
export const OrderStatus = StringEnum([
  'submitted',
  'running',
  'cancelling',
  'partial_filled',
  'partial_canceled',
  'filled',
  'cancelled',
  'revoked',
  'expired',
  'failed',
]);
/** spec §4 "Spot order status values are written … partial-filled, … partial-canceled": the same states, hyphenated. */
export const SpotOrderStatus = StringEnum([
  'submitted',
  'running',
  'cancelling',
  'partial-filled',
  'partial-canceled',
  'filled',
  'cancelled',
  'revoked',
  'expired',
  'failed',
]);

export const Market = StringEnum(['spot', 'usdm']);
/** USD-M position sides: BOTH in one-way mode, LONG or SHORT in hedge mode. */
export const PositionSide = StringEnum(['BOTH', 'LONG', 'SHORT']);
export const MarginType = StringEnum(['cross', 'isolated']);
/** spec §3 session positionSide: one-way or hedge mode (Binance's dualSidePosition). */
export const PositionMode = StringEnum(['oneWay', 'hedge']);

/** An order as every order call returns it (spot status spelling on spot orders); USD-M orders add the last five fields. */
export const OrderView = Type.Object({
  orderId: Id,
  market: Market,
  instrumentId: Type.String(),
  symbol: Type.String(),
  direction: Direction,
  /** spot: limit or market; USD-M adds the stop types */
  priceType: FuturesPriceType,
  /** null for a market order */
  price: Type.Union([Amount, Type.Null()]),
  volume: Amount,
  filledVolume: Amount,
  /** in the quote asset */
  filledAmount: Amount,
  /** null until something filled */
  averagePrice: Type.Union([Amount, Type.Null()]),
  fee: Amount,
  feeAsset: Type.String(),
  status: Type.Union([OrderStatus, SpotOrderStatus]),
  clientOrderId: Type.Union([Type.String(), Type.Null()]),
  positionSide: Type.Optional(PositionSide),
  reduceOnly: Type.Optional(Type.Boolean()),
  leverage: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  marginType: Type.Optional(Type.Union([MarginType, Type.Null()])),
  realizedProfitLoss: Type.Optional(SignedAmount),
  /** USD-M stop orders: the trigger, the price it watches, and whether it has fired (null: not yet). */
  stopPrice: Type.Optional(Type.Union([Amount, Type.Null()])),
  workingType: Type.Optional(Type.Union([WorkingType, Type.Null()])),
  triggeredAt: Type.Optional(Type.Union([IsoTime, Type.Null()])),
  timeInForce: Type.Optional(TimeInForce),
  postOnly: Type.Optional(Type.Boolean()),
  /** A take-profit / stop-loss order closing the whole position at its trigger. */
  tpsl: Type.Optional(Type.Union([TpSlKind, Type.Null()])),
  closePosition: Type.Optional(Type.Boolean()),
  /** Spot OCO: the pair's id (its limit leg's order id), on both legs. */
  ocoGroupId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** USD-M trailing stop: callback rate in percent, activation price, best price since activation (null: not yet active). */
  callbackRate: Type.Optional(Type.Union([Amount, Type.Null()])),
  activationPrice: Type.Optional(Type.Union([Amount, Type.Null()])),
  trailExtreme: Type.Optional(Type.Union([Amount, Type.Null()])),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

/** A fill ("deal"): spec §3 trade rows with direction and the optional liquidationType of spec §4's labels. */
export const FillView = Type.Object({
  tradeId: Id,
  orderId: Id,
  market: Market,
  instrumentId: Type.String(),
  symbol: Type.String(),
  direction: Direction,
  price: Amount,
  volume: Amount,
  amount: Amount,
  fee: Amount,
  feeAsset: Type.String(),
  realizedProfitLoss: SignedAmount,
  role: StringEnum(['maker', 'taker']),
  liquidationType: Type.Union([StringEnum(['take_over', 'position_reduction']), Type.Null()]),
  time: IsoTime,
});

/** spec §3 history replies: dataList and cursorInfo (nextCursor to older rows, prevCursor back; null: nothing that way). */
export const CursorPage = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    dataList: Type.Array(item),
    cursorInfo: Type.Object({
      nextCursor: Type.Union([Id, Type.Null()]),
      prevCursor: Type.Union([Id, Type.Null()]),
      pageSize: Type.Integer(),
      hasMore: Type.Boolean(),
    }),
  });

export const CancelAllReply = Type.Object({ cancelled: Type.Integer(), dataList: Type.Array(OrderView) });

// ---- spot ----

/** A spot pair: instrumentId, or baseCurrency + quoteCurrency. */
const SpotPair = {
  instrumentId: Type.Optional(InstrumentId),
  baseCurrency: Type.Optional(Currency),
  quoteCurrency: Type.Optional(Currency),
};

/** The account a spot call acts for (spec §3 exchangeKeyId; absent: the default account). Its venue decides the book. */
const SpotKey = { exchangeKeyId: Type.Optional(KeyId) };

const OrderHistoryQuery = CursorQuery(OrderFilter);

/**
 * Spot order calls of the sandbox's design, in the style of the lightning futures calls (spec §7 names the
 * screens, not these paths): the user's trade account (spec §3 type 2), spot status spelling of spec §4.
 */
export const spotCalls = {
  '/broker/spot/order/sendOrder': userPost(
    Strict({
      ...SpotPair,
      ...SpotKey,
      direction: Direction,
      priceType: SpotPriceType,
      /** required for limit and stop-limit orders (parseAmount) */
      price: Type.Optional(AmountInput),
      /** the trigger of a stop-limit order, on the last price (required for stop_limit) */
      stopPrice: Type.Optional(AmountInput),
      volume: AmountInput,
      /** A retry with the same id returns the first order (idempotent on the id). */
      clientOrderId: Type.Optional(RequestId),
    }),
    OrderView,
  ),
  /**
   * OCO (Binance's order list): a limit-maker leg at `price` and a stop-limit leg (`stopPrice`, `stopLimitPrice`)
   * sharing one hold; sell: price above the last price above stopPrice, buy mirrored. One leg filling or firing
   * cancels the other; cancelling one cancels both.
   */
  '/broker/spot/order/sendOcoOrder': userPost(
    Strict({
      ...SpotPair,
      ...SpotKey,
      direction: Direction,
      price: AmountInput,
      stopPrice: AmountInput,
      stopLimitPrice: AmountInput,
      volume: AmountInput,
    }),
    Type.Object({ ocoGroupId: Id, dataList: Type.Array(OrderView) }),
  ),
  '/broker/spot/order/cancelOrder': userPost(Strict({ orderId: RowId, instrumentId: Type.Optional(InstrumentId), ...SpotKey }), OrderView),
  /** No pair: every spot pair. */
  '/broker/spot/order/cancelAllOrder': userPost(Strict({ ...SpotPair, ...SpotKey }), CancelAllReply),
  '/broker/spot/order/queryOpenOrder': userPost(OrderFilter, Type.Array(OrderView)),
  /** History: orders no longer open. */
  '/broker/spot/order/pageOrder': userPost(OrderHistoryQuery, CursorPage(OrderView)),
  '/broker/spot/trade/queryTrade': userPost(OrderHistoryQuery, CursorPage(FillView)),
  '/broker/spot/trade/queryTradeDetail': userPost(Strict({ orderId: RowId, ...SpotKey }), Type.Array(FillView)),
  /** The trade account (spec §3 type 2) with the spot trade permission flag of spec §3 and the fee rates. */
  '/broker/spot/account/query': userPost(
    Strict(SpotKey),
    Type.Object({
      accountType: Type.Literal(2),
      spotTradingForbidden: Type.Boolean(),
      makerFeeRate: Amount,
      takerFeeRate: Amount,
      balances: Type.Array(BalanceRow),
    }),
  ),
};

export type SpotCalls = typeof spotCalls;
