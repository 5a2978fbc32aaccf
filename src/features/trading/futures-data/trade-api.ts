import type { FuturesCalls } from '../../../../contract/futures.ts';
import type { LightningCalls } from '../../../../contract/lightning.ts';
import type { SpotCalls } from '../../../../contract/trade.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { type Body, type Reply, request, requestAt } from '../../../lib/api/request.ts';
// The module, not the session's entry: that starts the session, which needs a browser document (unit tests import this).
import { selectedKeyId } from '../../../lib/session/session-reads.ts';

// The trading calls (spec §7 "Lightning futures", "Futures queries", "User config"; spot calls of the
// sandbox's design in the same style), typed from the contract (contract/trade.ts, futures.ts, lightning.ts):
// one definition with the sandbox, types only. Amounts travel as decimal strings.

type TradeCalls = SpotCalls & FuturesCalls & LightningCalls;

export type TradeMarket = 'spot' | 'usdm';

/** An order of either market (spot status spelling on spot orders; USD-M adds positionSide, leverage, …). */
export type OrderView = Reply<'/broker/spot/order/sendOrder'>;
/** A fill ("deal"), spec §3 trade rows. */
export type FillView = Reply<'/broker/spot/trade/queryTradeDetail'>[number];
export type PositionView = Reply<'/broker/futures/position/query'>[number];
export type PositionHistoryRow = Reply<'/broker/futures/position/history'>['dataList'][number];
/** spec §3 "Futures capital snapshot". */
export type CapitalSnapshot = Reply<'/broker/futures/account/query'>;
export type AssetRow = Reply<'/broker/futures/asset/query'>[number];
export type FeeRow = Reply<'/broker/lightning/futures/fee/query'>[number];

/** spec §3 history queries: cursorCondition (cursor, pageSize, searchDirection); the app always sends all three. */
export type CursorCondition = Required<NonNullable<Body<'/broker/spot/order/pageOrder'>['cursorCondition']>>;
export type PageSize = CursorCondition['pageSize'];
/** spec §3 history replies: dataList + cursorInfo. */
export type CursorPage<T> = Omit<Reply<'/broker/spot/order/pageOrder'>, 'dataList'> & { dataList: T[] };

/** A transfer between account types (spec §4 direction codes in `type`). */
export type TransferRow = Reply<'/broker/lightning/transfer/pageTransfer'>['dataList'][number];
/** spec §4 transfer direction code. */
export type TransferCode = Body<'/broker/lightning/transfer/submit'>['type'];
/** spec §3 account types (1 capital, 2 trade, 3 swap). */
export type AccountType = NonNullable<Body<'/broker/account/balance/query'>['accountType']>;

/** spec §3 filters as the order and deal queries take them (the key is added per market). */
export type OrderFilter = Omit<Body<'/broker/spot/order/queryOpenOrder'>, 'keyId' | 'exchangeKeyId'>;

/** A USD-M order (the spot call takes the same without exchangeKeyId and positionSide). */
export type SendOrder = Omit<Body<'/broker/lightning/futures/order/sendOrder'>, 'instrumentId' | 'price' | 'volume'> & {
  instrumentId: string;
  price?: string;
  volume: string;
};

/**
 * The key a trading call acts for: the caller's, else the selected account's (spec §3 session keyId: an account of
 * the session's exchange, spec §4 "Account list"), so a spot order on OKX trades on the OKX account without every
 * call site passing it. Signed out or still loading: none (the sandbox then takes the default account).
 */
function keyOf(given?: string | number | null): string | number | undefined {
  return given || selectedKeyId() || undefined;
}
const exchangeKey = (given?: string | number | null) => {
  const key = keyOf(given);
  return key ? { exchangeKeyId: key } : {};
};
const queryKey = (given?: string | number | null) => {
  const key = keyOf(given);
  return key ? { keyId: key } : {};
};

/** POST of a trading call: path, body and reply typed by its contract entry (a call without a body sends `{}`). */
const post = <P extends keyof TradeCalls>(path: P, body: Body<P> extends undefined ? Record<string, never> : Body<P>) => requestAt(path, body);

export const tradeApi = {
  sendOrder: (market: TradeMarket, order: SendOrder) =>
    post(market === 'spot' ? '/broker/spot/order/sendOrder' : '/broker/lightning/futures/order/sendOrder', {
      ...order,
      ...exchangeKey(order.exchangeKeyId),
      clientOrderId: order.clientOrderId ?? newRequestId(),
    }),
  cancelOrder: (market: TradeMarket, orderId: string, exchangeKeyId?: string) =>
    post(market === 'spot' ? '/broker/spot/order/cancelOrder' : '/broker/lightning/futures/order/cancelOrder', {
      orderId,
      ...exchangeKey(exchangeKeyId),
    }),
  cancelAll: (market: TradeMarket, instrumentId?: string, exchangeKeyId?: string) =>
    post(market === 'spot' ? '/broker/spot/order/cancelAllOrder' : '/broker/lightning/futures/order/cancelAllOrder', {
      ...(instrumentId ? { instrumentId } : {}),
      ...exchangeKey(exchangeKeyId),
    }),
  /** A spot OCO pair: a limit leg and a stop-limit leg sharing one hold. */
  sendOco: (body: Body<'/broker/spot/order/sendOcoOrder'>) => post('/broker/spot/order/sendOcoOrder', { ...body, ...exchangeKey(body.exchangeKeyId) }),
  closePosition: (body: Body<'/broker/lightning/futures/order/closePosition'>) => post('/broker/lightning/futures/order/closePosition', body),
  /** spec §2 "Futures trading" positions: the position's take-profit / stop-loss (null: none). */
  positionTpSl: (body: Body<'/broker/lightning/futures/position/tpsl'>) => post('/broker/lightning/futures/position/tpsl', body),
  /** spec §2 "Futures trading" positions: add (type 1) or remove (type 2) isolated margin; one request id per attempt. */
  positionMargin: (body: Omit<Body<'/broker/lightning/futures/position/margin'>, 'requestId'>) =>
    post('/broker/lightning/futures/position/margin', { ...body, requestId: newRequestId() }),

  // spec §3 futures data: position query (exchangeKeyId, instrumentId), current orders (keyId, instrumentId)
  positions: (exchangeKeyId: string, instrumentId?: string) =>
    post('/broker/futures/position/query', { exchangeKeyId, ...(instrumentId ? { instrumentId } : {}) }),
  openOrders: (market: TradeMarket, keyId: string, filter: OrderFilter) =>
    post(market === 'spot' ? '/broker/spot/order/queryOpenOrder' : '/lightning/futures/order/queryOpenOrder', { ...queryKey(keyId), ...filter }),
  pageOrders: (market: TradeMarket, keyId: string, cursorCondition: CursorCondition, filter: OrderFilter): Promise<CursorPage<OrderView>> =>
    post(market === 'spot' ? '/broker/spot/order/pageOrder' : '/lightning/futures/order/pageOrder', {
      cursorCondition,
      queryCondition: { ...queryKey(keyId), ...filter },
    }),
  pageDeals: (market: TradeMarket, keyId: string, cursorCondition: CursorCondition, filter: OrderFilter): Promise<CursorPage<FillView>> =>
    post(market === 'spot' ? '/broker/spot/trade/queryTrade' : '/lightning/futures/trade/queryTrade', {
      cursorCondition,
      queryCondition: { ...queryKey(keyId), ...filter },
    }),
  /** Position history (beyond spec §3's tabs): one row per position, newest first, a cursor page. */
  positionHistory: (keyId: string, cursorCondition: CursorCondition, instrumentId?: string) =>
    post('/broker/futures/position/history', { cursorCondition, queryCondition: { keyId, ...(instrumentId ? { instrumentId } : {}) } }),
  /** spec §3 asset manager query: exchangeKeyId, filterZero. */
  assets: (exchangeKeyId: string, filterZero: boolean) => post('/broker/futures/asset/query', { exchangeKeyId, filterZero }),
  /** spec §7: /broker/futures/account/query (exchangeKeyId, assetSymbolList [USDT]; polled every 3 s). */
  capital: (exchangeKeyId: string) => post('/broker/futures/account/query', { exchangeKeyId, assetSymbolList: ['USDT'] }),
  spotAccount: () => post('/broker/spot/account/query', exchangeKey()),
  fees: (exchangeKeyId: string, instrumentId?: string) =>
    post('/broker/lightning/futures/fee/query', {
      exchangeKeyId,
      ...(instrumentId ? { instrumentId } : {}),
    }),
  brokerOptions: () => post('/broker/lightning/queryBrokerOptions', {}),
  /** spec §4 "Account list": makes the account the default (when none has a sort index). */
  setDefaultAccount: (keyId: string) => post('/broker/lightning/setDefaultAccount', { keyId }),

  // Leverage (spec §7: baseCurrency, quoteCurrency, exchangeKeyId → leverage)
  queryLeverage: (pair: PairRef) => post('/broker/lightning/futures/leverage/queryLeverage', pair),
  queryMaxLeverage: (pair: PairRef) => post('/broker/lightning/futures/leverage/queryMaxLeverage', pair),
  changeLeverage: (pair: PairRef, leverage: number) => post('/broker/lightning/futures/leverage/changeLeverage', { ...pair, leverage }),

  // Account modes (spec §7)
  queryMarginType: (pair: PairRef) => post('/broker/lightning/account/queryMarginType', pair),
  changeMarginType: (pair: PairRef, marginType: Body<'/broker/lightning/account/changeMarginType'>['marginType']) =>
    post('/broker/lightning/account/changeMarginType', { ...pair, marginType }),
  queryPositionSide: (exchangeKeyId: string) => post('/broker/lightning/account/queryPositionSide', { exchangeKeyId }),
  changePositionSide: (exchangeKeyId: string, positionSide: Body<'/broker/lightning/account/changePositionSide'>['positionSide']) =>
    post('/broker/lightning/account/changePositionSide', { exchangeKeyId, positionSide }),
  queryMultiAssets: (exchangeKeyId: string) => post('/broker/lightning/account/queryMultiAssetsMargin', { exchangeKeyId }),
  changeMultiAssets: (exchangeKeyId: string, multiAssetsMargin: boolean) =>
    post('/broker/lightning/account/changeMultiAssetsMargin', { exchangeKeyId, multiAssetsMargin }),

  /** Balances per account type (spec §3: capital_account 1, trade_account 2, swap_account 3). */
  balances: (accountType: AccountType) => post('/broker/account/balance/query', { accountType, ...exchangeKey() }),

  // Transfers (spec §4 direction codes)
  transferAvailable: (asset: string, type: TransferCode, exchangeKeyId?: string) =>
    post('/broker/lightning/transfer/queryTransferAvailable', { asset, type, ...exchangeKey(exchangeKeyId) }),
  /** Asset flow records of the asset manager, filtered by flow type (a spec §4 direction code). */
  transfers: (cursorCondition: CursorCondition, type?: TransferCode, keyId?: string) =>
    post('/broker/lightning/transfer/pageTransfer', { cursorCondition, queryCondition: { ...(type ? { type } : {}), ...queryKey(keyId) } }),
  /** `requestId`: one per transfer the person means; a resend with it moves the amount once. */
  transfer: (asset: string, type: TransferCode, amount: string, exchangeKeyId?: string, requestId: string = newRequestId()) =>
    post('/broker/lightning/transfer/submit', { asset, type, amount, requestId, ...exchangeKey(exchangeKeyId) }),

  // Keyboard config (spec §7 "User config")
  getKeyboardConfig: () => request('/user/feConfig/getKeyBoardConfig'),
  updateKeyboardConfig: (configData: string) =>
    request('/user/feConfig/updateKeyBoardConfig', { configData }),
};

/** spec §7 leverage and mode calls name the pair as baseCurrency + quoteCurrency with the exchange key. */
export interface PairRef {
  baseCurrency: string;
  quoteCurrency: string;
  exchangeKeyId: string;
}

export type TradeApi = typeof tradeApi;
