import Type from 'typebox';
import { call, userPost } from './call.ts';
import { Amount, Id, IsoTime, RequestId, Strict, StringEnum, Text } from './schema.ts';
import {
  AmountInput,
  CancelAllReply,
  Currency,
  CursorPage,
  CursorQuery,
  Direction,
  FillView,
  InstrumentId,
  KeyId,
  MarginType,
  OrderFilter,
  OrderView,
  PositionMode,
  FuturesPriceType,
  PositionSide,
  RowId,
  SignedAmount,
  TimeInForce,
  WorkingType,
} from './trade.ts';

/**
 * USD-M calls of spec §7 "Lightning futures" and the futures data tabs of spec §3 (positions, current and
 * history orders, deals, asset manager, capital snapshot). Shapes: server/trade/README.md "USD-M orders",
 * "Leverage and account modes".
 */

/** A USD-M pair (baseCurrency + quoteCurrency, as spec §7's leverage calls send it, or instrumentId) and the key. */
const FuturesPair = {
  baseCurrency: Type.Optional(Currency),
  quoteCurrency: Type.Optional(Currency),
  instrumentId: Type.Optional(InstrumentId),
  exchangeKeyId: Type.Optional(KeyId),
};
const KeyOnly = Strict({ exchangeKeyId: Type.Optional(KeyId) });

/** spec §9 "Default top leverage: 100": no pair goes above it (queryMaxLeverage gives each pair's own top). */
export const TOP_LEVERAGE = 100;
/**
 * changeLeverage's `leverage`: one of the integers 1 … TOP_LEVERAGE, as JSON Schema `enum` with no `type`. The
 * validator then compares the value itself and has nothing to coerce: text ("10", "0x10", "1e1"), booleans, fractions,
 * null and arrays are refused (400, rule `enum`) whatever its coercion options. The handler checks the pair's top.
 */
const LeverageInput = Type.Enum(Array.from({ length: TOP_LEVERAGE }, (_, i) => i + 1));

const Leverage = Type.Object({ leverage: Type.Integer(), maxLeverage: Type.Integer(), instrumentId: Type.String() });
const MarginTypeReply = Type.Object({ instrumentId: Type.String(), marginType: MarginType, crossed: Type.Boolean() });
const MultiAssets = Type.Object({ multiAssetsMargin: Type.Boolean() });
const PositionModeReply = Type.Object({ positionSide: PositionMode, dualSidePosition: Type.Boolean() });

/** One position at the mark (server/trade/README.md "USD-M margin" for the formulas). */
export const PositionView = Type.Object({
  instrumentId: Type.String(),
  symbol: Type.String(),
  positionSide: PositionSide,
  direction: StringEnum(['long', 'short']),
  /** signed: negative for a short */
  positionAmt: SignedAmount,
  volume: Amount,
  entryPrice: Amount,
  markPrice: Amount,
  notional: Amount,
  unrealizedProfitLoss: SignedAmount,
  returnRate: SignedAmount,
  margin: Amount,
  marginType: MarginType,
  leverage: Type.Integer(),
  maintMargin: Amount,
  marginRatio: Amount,
  /** 0 when no price reaches it */
  liquidationPrice: Amount,
  /** The trigger prices of the position's open take-profit / stop-loss orders; null: none. */
  takeProfitPrice: Type.Optional(Type.Union([Amount, Type.Null()])),
  stopLossPrice: Type.Optional(Type.Union([Amount, Type.Null()])),
  /** The auto-deleveraging queue, as Binance's adlQuantile: 0 (last) to 4 (first); server/trade/README.md "ADL indicator". */
  adlQuantile: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
});

/** spec §3 "Futures capital snapshot" (marginRatio a fraction: 0.0123 is 1.23 %) with the sandbox's extra figures. */
export const CapitalSnapshot = Type.Object({
  asset: Type.Literal('USDT'),
  marginRatio: Amount,
  /** the wallet balance */
  balance: Amount,
  availableBalance: Amount,
  unrealizedProfitLoss: SignedAmount,
  maintMargin: Amount,
  marginBalance: SignedAmount,
  orderMargin: Amount,
});

const FuturesHistoryQuery = CursorQuery(OrderFilter);

/**
 * One position from the fill that opened it to the fill that closed it (server/trade/README.md "Position history
 * and funding"): `closePrice` is the average of what closed it, `netProfitLoss` = realised − fees + funding.
 */
export const PositionHistoryView = Type.Object({
  id: Id,
  instrumentId: Type.String(),
  positionSide: PositionSide,
  side: StringEnum(['long', 'short']),
  marginType: MarginType,
  leverage: Type.Integer(),
  status: StringEnum(['open', 'closed']),
  openedAt: IsoTime,
  closedAt: Type.Union([IsoTime, Type.Null()]),
  maxSize: Amount,
  closedSize: Amount,
  entryPrice: Amount,
  closePrice: Type.Union([Amount, Type.Null()]),
  realizedProfitLoss: SignedAmount,
  fees: Amount,
  funding: SignedAmount,
  netProfitLoss: SignedAmount,
});

/** One funding payment of a position at an 8 h boundary: `amount` received positive, paid negative. */
export const FundingPaymentView = Type.Object({
  instrumentId: Type.String(),
  positionSide: PositionSide,
  fundingTime: IsoTime,
  fundingRate: SignedAmount,
  markPrice: Amount,
  positionAmt: SignedAmount,
  amount: SignedAmount,
});

const PositionHistoryFilter = Strict({
  keyId: Type.Optional(KeyId),
  instrumentId: Type.Optional(InstrumentId),
  status: Type.Optional(StringEnum(['open', 'closed'])),
});

export const futuresCalls = {
  // ---- leverage (spec §7: baseCurrency, quoteCurrency, exchangeKeyId → leverage) ----
  '/broker/lightning/futures/leverage/queryLeverage': userPost(Strict(FuturesPair), Leverage),
  /** `leverage` is the top leverage here too. */
  '/broker/lightning/futures/leverage/queryMaxLeverage': userPost(Strict(FuturesPair), Leverage),
  '/broker/lightning/futures/leverage/changeLeverage': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ ...FuturesPair, leverage: LeverageInput }),
    reply: Leverage,
  }),

  // ---- orders (spec §7 "Orders") ----
  '/broker/lightning/futures/order/sendOrder': userPost(
    Strict({
      ...FuturesPair,
      direction: Direction,
      /** limit, market, stop_limit, stop_market, trailing_stop_market (server/trade/README.md "Order types") */
      priceType: FuturesPriceType,
      /** required for limit and stop-limit orders (parseAmount) */
      price: Type.Optional(AmountInput),
      /** the trigger of a stop order (required for stop_limit / stop_market) */
      stopPrice: Type.Optional(AmountInput),
      /** trailing_stop_market: the callback rate in percent, 0.1–10 (Binance callbackRate; required) */
      callbackRate: Type.Optional(AmountInput),
      /** trailing_stop_market: tracking starts once the price reaches it (a sell: rises to it); left out: at once */
      activationPrice: Type.Optional(AmountInput),
      /** the price the trigger watches: MARK_PRICE (default) or CONTRACT_PRICE (the last trade) */
      workingType: Type.Optional(WorkingType),
      /** limit and stop-limit orders: GTC (default), IOC, FOK */
      timeInForce: Type.Optional(TimeInForce),
      /** limit orders: refused (10107) when it would take liquidity */
      postOnly: Type.Optional(Type.Boolean()),
      /** take-profit / stop-loss placed with the entry: stop-market orders closing the position at the trigger */
      takeProfitPrice: Type.Optional(AmountInput),
      stopLossPrice: Type.Optional(AmountInput),
      /** in base units */
      volume: AmountInput,
      /** A retry with the same id returns the first order (idempotent on the id). */
      clientOrderId: Type.Optional(RequestId),
      /** BOTH by default; LONG or SHORT in hedge mode */
      positionSide: Type.Optional(PositionSide),
      reduceOnly: Type.Optional(Type.Boolean()),
    }),
    OrderView,
  ),
  '/broker/lightning/futures/order/cancelOrder': userPost(
    Strict({ orderId: RowId, exchangeKeyId: Type.Optional(KeyId), instrumentId: Type.Optional(InstrumentId) }),
    OrderView,
  ),
  /** No pair: every USD-M pair. */
  '/broker/lightning/futures/order/cancelAllOrder': userPost(Strict(FuturesPair), CancelAllReply),
  /** A reduce-only market order; volume left out: the whole position (of the hedge side named). */
  '/broker/lightning/futures/order/closePosition': userPost(
    Strict({ ...FuturesPair, positionSide: Type.Optional(PositionSide), volume: Type.Optional(AmountInput) }),
    OrderView,
  ),

  /**
   * Take-profit / stop-loss of an open position (server/trade/README.md "Order types"): replaces the position's TP/SL
   * orders; a price left out (or null) removes that one. The reply lists the position's TP/SL orders now open.
   */
  '/broker/lightning/futures/position/tpsl': userPost(
    Strict({
      ...FuturesPair,
      positionSide: Type.Optional(PositionSide),
      takeProfitPrice: Type.Optional(Type.Union([AmountInput, Type.Null()])),
      stopLossPrice: Type.Optional(Type.Union([AmountInput, Type.Null()])),
      workingType: Type.Optional(WorkingType),
    }),
    Type.Array(OrderView),
  ),
  /**
   * Add (type 1) or remove (type 2) isolated margin of a position (Binance positionMargin). Removing is refused
   * below the position's initial margin at the mark (10105 with data.removable). Idempotent on requestId.
   */
  '/broker/lightning/futures/position/margin': userPost(
    Strict({
      ...FuturesPair,
      positionSide: Type.Optional(PositionSide),
      amount: AmountInput,
      type: Type.Union([Type.Literal(1), Type.Literal(2)]),
      requestId: Type.Optional(RequestId),
    }),
    Type.Object({ instrumentId: Type.String(), positionSide: PositionSide, type: Type.Integer(), amount: Amount, margin: Amount }),
  ),

  // ---- spec §3 futures data tabs ----
  /** spec §3 position query: exchangeKeyId, instrumentId. */
  '/broker/futures/position/query': userPost(Strict({ exchangeKeyId: Type.Optional(KeyId), instrumentId: Type.Optional(InstrumentId) }), Type.Array(PositionView)),
  /** spec §3 current-order query: keyId, instrumentId (newest first). */
  '/lightning/futures/order/queryOpenOrder': userPost(OrderFilter, Type.Array(OrderView)),
  /** History: orders no longer open. */
  '/lightning/futures/order/pageOrder': userPost(FuturesHistoryQuery, CursorPage(OrderView)),
  '/lightning/futures/trade/queryTrade': userPost(FuturesHistoryQuery, CursorPage(FillView)),
  /** Positions held and closed, newest first, with realised PnL, fees and funding (beyond spec §3's tabs). */
  '/broker/futures/position/history': userPost(CursorQuery(PositionHistoryFilter), CursorPage(PositionHistoryView)),
  /** A position's funding payments (or the account's, without `historyId`), newest first, at most 100. */
  '/broker/futures/position/funding': userPost(
    Strict({ keyId: Type.Optional(KeyId), historyId: Type.Optional(RowId), instrumentId: Type.Optional(InstrumentId) }),
    Type.Array(FundingPaymentView),
  ),
  '/lightning/futures/trade/queryTradeDetail': userPost(Strict({ orderId: RowId, keyId: Type.Optional(KeyId) }), Type.Array(FillView)),
  /** spec §7: exchangeKeyId, assetSymbolList [USDT] (another asset: 400); polled every 3 s. */
  '/broker/futures/account/query': userPost(
    Strict({ exchangeKeyId: Type.Optional(KeyId), assetSymbolList: Type.Optional(Type.Array(Text(1, 20), { maxItems: 10 })) }),
    CapitalSnapshot,
  ),
  /** spec §3 asset manager query: exchangeKeyId, filterZero; the swap account's assets. */
  '/broker/futures/asset/query': userPost(
    Strict({ exchangeKeyId: Type.Optional(KeyId), filterZero: Type.Optional(Type.Boolean()) }),
    Type.Array(Type.Object({ asset: Type.String(), walletBalance: Amount, availableBalance: Amount, unrealizedProfitLoss: SignedAmount })),
  ),
  /** The user's fee list (spec §3 lightning config); no pair: every USD-M pair. */
  '/broker/lightning/futures/fee/query': userPost(
    Strict(FuturesPair),
    Type.Array(Type.Object({ instrumentId: Type.String(), makerFeeRate: Amount, takerFeeRate: Amount })),
  ),

  // ---- account modes (spec §7 "Account modes"; 10104 while positions or open orders exist) ----
  '/broker/lightning/account/queryMarginType': userPost(Strict(FuturesPair), MarginTypeReply),
  '/broker/lightning/account/changeMarginType': userPost(Strict({ ...FuturesPair, marginType: MarginType }), MarginTypeReply),
  '/broker/lightning/account/queryMultiAssetsMargin': userPost(KeyOnly, MultiAssets),
  '/broker/lightning/account/changeMultiAssetsMargin': userPost(Strict({ exchangeKeyId: Type.Optional(KeyId), multiAssetsMargin: Type.Boolean() }), MultiAssets),
  '/broker/lightning/account/queryPositionSide': userPost(KeyOnly, PositionModeReply),
  '/broker/lightning/account/changePositionSide': userPost(Strict({ exchangeKeyId: Type.Optional(KeyId), positionSide: PositionMode }), PositionModeReply),
};

export type FuturesCalls = typeof futuresCalls;
