import type { ReplyOf } from '../../../../contract/call.ts';
import type { ConfigCalls } from '../../../../contract/config.ts';
import { apiGet, apiPost, newRequestId } from '../../../lib/api/index.ts';

// The trading calls (spec §7 "Lightning futures", "Futures queries", "User config"; spot calls of the
// sandbox's design in the same style: server/trade/routes/spot.ts). Amounts travel as decimal strings.

export type TradeMarket = 'spot' | 'usdm';

export interface OrderView {
  orderId: string;
  instrumentId: string;
  direction: 'buy' | 'sell';
  priceType: 'limit' | 'market';
  price: string | null;
  volume: string;
  filledVolume: string;
  averagePrice: string | null;
  fee: string;
  feeAsset: string;
  status: string;
  positionSide?: string;
  leverage?: number | null;
  realizedProfitLoss?: string;
  createdAt: string;
  updatedAt: string;
}

export interface FillView {
  tradeId: string;
  orderId: string;
  instrumentId: string;
  direction: 'buy' | 'sell';
  price: string;
  volume: string;
  amount: string;
  fee: string;
  feeAsset: string;
  realizedProfitLoss: string;
  role: 'maker' | 'taker';
  /** spec §3 trade rows: optional liquidationType */
  liquidationType: 'take_over' | 'position_reduction' | null;
  time: string;
}

export interface PositionView {
  instrumentId: string;
  positionSide: string;
  direction: 'long' | 'short';
  positionAmt: string;
  volume: string;
  entryPrice: string;
  markPrice: string;
  unrealizedProfitLoss: string;
  returnRate: string;
  margin: string;
  marginType: 'cross' | 'isolated';
  leverage: number;
  marginRatio: string;
  liquidationPrice: string;
}

/** spec §3 "Futures capital snapshot". */
export interface CapitalSnapshot {
  marginRatio: string;
  balance: string;
  availableBalance: string;
  unrealizedProfitLoss: string;
  maintMargin: string;
}

export interface AssetRow {
  asset: string;
  walletBalance: string;
  availableBalance: string;
  unrealizedProfitLoss: string;
}

/** spec §3 history queries: cursorCondition (cursor, pageSize, searchDirection) → dataList + cursorInfo. */
export interface CursorCondition {
  cursor: string | null;
  pageSize: number;
  searchDirection: 'after' | 'before';
}

export interface CursorPage<T> {
  dataList: T[];
  cursorInfo: { nextCursor: string | null; prevCursor?: string | null; hasMore?: boolean };
}

/** A transfer between account types (spec §4 direction codes in `type`). */
export interface TransferRow {
  transferId: string;
  asset: string;
  amount: string;
  type: string;
  time: string;
}

export interface OrderFilter {
  instrumentId?: string;
  direction?: 'buy' | 'sell';
  status?: string;
  priceType?: 'limit' | 'market';
}

export interface SendOrder {
  instrumentId: string;
  direction: 'buy' | 'sell';
  priceType: 'limit' | 'market';
  price?: string;
  volume: string;
  exchangeKeyId?: string;
  positionSide?: 'BOTH' | 'LONG' | 'SHORT';
  /** The order's own id: a resend of the same order with it is placed once (the sandbox returns the first). */
  clientOrderId?: string;
}

const SPOT = '/broker/spot';

export const tradeApi = {
  sendOrder: (market: TradeMarket, order: SendOrder) =>
    apiPost<OrderView>(market === 'spot' ? `${SPOT}/order/sendOrder` : '/broker/lightning/futures/order/sendOrder', {
      ...order,
      clientOrderId: order.clientOrderId ?? newRequestId(),
    }),
  cancelOrder: (market: TradeMarket, orderId: string, exchangeKeyId?: string) =>
    apiPost<OrderView>(market === 'spot' ? `${SPOT}/order/cancelOrder` : '/broker/lightning/futures/order/cancelOrder', {
      orderId,
      ...(exchangeKeyId && market === 'usdm' ? { exchangeKeyId } : {}),
    }),
  cancelAll: (market: TradeMarket, instrumentId?: string, exchangeKeyId?: string) =>
    apiPost<{ cancelled: number }>(market === 'spot' ? `${SPOT}/order/cancelAllOrder` : '/broker/lightning/futures/order/cancelAllOrder', {
      ...(instrumentId ? { instrumentId } : {}),
      ...(exchangeKeyId && market === 'usdm' ? { exchangeKeyId } : {}),
    }),
  closePosition: (body: { instrumentId: string; exchangeKeyId?: string; positionSide?: string; volume?: string }) =>
    apiPost<OrderView>('/broker/lightning/futures/order/closePosition', body),

  // spec §3 futures data: position query (exchangeKeyId, instrumentId), current orders (keyId, instrumentId)
  positions: (exchangeKeyId: string, instrumentId?: string) =>
    apiPost<PositionView[]>('/broker/futures/position/query', { exchangeKeyId, ...(instrumentId ? { instrumentId } : {}) }),
  openOrders: (market: TradeMarket, keyId: string, filter: OrderFilter) =>
    apiPost<OrderView[]>(
      market === 'spot' ? `${SPOT}/order/queryOpenOrder` : '/lightning/futures/order/queryOpenOrder',
      market === 'spot' ? filter : { keyId, ...filter },
    ),
  pageOrders: (market: TradeMarket, keyId: string, cursorCondition: CursorCondition, filter: OrderFilter) =>
    apiPost<CursorPage<OrderView>>(market === 'spot' ? `${SPOT}/order/pageOrder` : '/lightning/futures/order/pageOrder', {
      cursorCondition,
      queryCondition: market === 'spot' ? filter : { keyId, ...filter },
    }),
  pageDeals: (market: TradeMarket, keyId: string, cursorCondition: CursorCondition, filter: OrderFilter) =>
    apiPost<CursorPage<FillView>>(market === 'spot' ? `${SPOT}/trade/queryTrade` : '/lightning/futures/trade/queryTrade', {
      cursorCondition,
      queryCondition: market === 'spot' ? filter : { keyId, ...filter },
    }),
  /** spec §3 asset manager query: exchangeKeyId, filterZero. */
  assets: (exchangeKeyId: string, filterZero: boolean) => apiPost<AssetRow[]>('/broker/futures/asset/query', { exchangeKeyId, filterZero }),
  /** spec §7: /broker/futures/account/query (exchangeKeyId, assetSymbolList [USDT]; polled every 3 s). */
  capital: (exchangeKeyId: string) => apiPost<CapitalSnapshot>('/broker/futures/account/query', { exchangeKeyId, assetSymbolList: ['USDT'] }),
  spotAccount: () =>
    apiPost<{ spotTradingForbidden: boolean; balances: { asset: string; free: string; locked: string }[] }>(`${SPOT}/account/query`, {}),
  fees: (exchangeKeyId: string, instrumentId?: string) =>
    apiPost<{ instrumentId: string; makerFeeRate: string; takerFeeRate: string }[]>('/broker/lightning/futures/fee/query', {
      exchangeKeyId,
      ...(instrumentId ? { instrumentId } : {}),
    }),
  brokerOptions: () =>
    apiPost<{
      exchangeList: { exchangeCode: string; exchangeName: string }[];
      accountList: { keyId: string; brokerAccountId: string; sortIndex?: number | null }[];
      positionSide: string;
      multiAssetsMargin: boolean;
      topLeverage?: number;
    }>('/broker/lightning/queryBrokerOptions', {}),

  // Leverage (spec §7: baseCurrency, quoteCurrency, exchangeKeyId → leverage)
  queryLeverage: (pair: PairRef) => apiPost<{ leverage: number }>('/broker/lightning/futures/leverage/queryLeverage', pair),
  queryMaxLeverage: (pair: PairRef) => apiPost<{ leverage: number }>('/broker/lightning/futures/leverage/queryMaxLeverage', pair),
  changeLeverage: (pair: PairRef, leverage: number) =>
    apiPost<{ leverage: number }>('/broker/lightning/futures/leverage/changeLeverage', { ...pair, leverage }),

  // Account modes (spec §7)
  queryMarginType: (pair: PairRef) => apiPost<{ marginType: 'cross' | 'isolated'; crossed: boolean }>('/broker/lightning/account/queryMarginType', pair),
  changeMarginType: (pair: PairRef, marginType: 'cross' | 'isolated') =>
    apiPost<{ marginType: 'cross' | 'isolated' }>('/broker/lightning/account/changeMarginType', { ...pair, marginType }),
  queryPositionSide: (exchangeKeyId: string) =>
    apiPost<{ positionSide: 'oneWay' | 'hedge' }>('/broker/lightning/account/queryPositionSide', { exchangeKeyId }),
  changePositionSide: (exchangeKeyId: string, positionSide: 'oneWay' | 'hedge') =>
    apiPost<{ positionSide: 'oneWay' | 'hedge' }>('/broker/lightning/account/changePositionSide', { exchangeKeyId, positionSide }),
  queryMultiAssets: (exchangeKeyId: string) =>
    apiPost<{ multiAssetsMargin: boolean }>('/broker/lightning/account/queryMultiAssetsMargin', { exchangeKeyId }),
  changeMultiAssets: (exchangeKeyId: string, multiAssetsMargin: boolean) =>
    apiPost<{ multiAssetsMargin: boolean }>('/broker/lightning/account/changeMultiAssetsMargin', { exchangeKeyId, multiAssetsMargin }),

  /** Balances per account type (spec §3: capital_account 1, trade_account 2, swap_account 3). */
  balances: (accountType: 1 | 2 | 3) =>
    apiPost<{ accountType: number; balances: { asset: string; free: string; locked: string }[] }[]>('/broker/account/balance/query', { accountType }),

  // Transfers (spec §4 direction codes)
  transferAvailable: (asset: string, type: string, exchangeKeyId?: string) =>
    apiPost<{ available: string }>('/broker/lightning/transfer/queryTransferAvailable', { asset, type, ...(exchangeKeyId ? { exchangeKeyId } : {}) }),
  /** Asset flow records of the asset manager, filtered by flow type (a spec §4 direction code). */
  transfers: (cursorCondition: CursorCondition, type?: string) =>
    apiPost<CursorPage<TransferRow>>('/broker/lightning/transfer/pageTransfer', { cursorCondition, queryCondition: type ? { type } : {} }),
  /** `requestId`: one per transfer the person means; a resend with it moves the amount once. */
  transfer: (asset: string, type: string, amount: string, exchangeKeyId?: string, requestId: string = newRequestId()) =>
    apiPost<{ transferId: string }>('/broker/lightning/transfer/submit', { asset, type, amount, requestId, ...(exchangeKeyId ? { exchangeKeyId } : {}) }),

  // Keyboard config (spec §7 "User config")
  getKeyboardConfig: () => apiGet<ReplyOf<ConfigCalls['/user/feConfig/getKeyBoardConfig']>>('/user/feConfig/getKeyBoardConfig'),
  updateKeyboardConfig: (configData: string) =>
    apiPost<ReplyOf<ConfigCalls['/user/feConfig/updateKeyBoardConfig']>>('/user/feConfig/updateKeyBoardConfig', { configData }),
};

/** spec §7 leverage and mode calls name the pair as baseCurrency + quoteCurrency with the exchange key. */
export interface PairRef {
  baseCurrency: string;
  quoteCurrency: string;
  exchangeKeyId: string;
}

export type TradeApi = typeof tradeApi;
