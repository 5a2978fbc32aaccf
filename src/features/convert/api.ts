import { type Body, type Reply, request } from '../../lib/api/request.ts';

// The convert calls, typed from the contract (contract/convert.ts): one definition with the sandbox. The
// screens show errors beside the form themselves, so every call is quiet (no toast).
const quiet = { silent: true } as const;

export type ConvertAsset = Reply<'/institution/listExchangeAssetByType'>[number];
export type AssetType = ConvertAsset['type'];
export type RiskConfig = Reply<'/institution/listRiskConfig'>[number];
export type DailyLimit = Reply<'/institution/listUserOrganizationRiskConfig'>;
export type Pair = Reply<'/institution/block/listDisabledPair'>[number];
export type QuoteBody = Body<'/institution/getQuote'>;
export type IndicativeQuote = Reply<'/institution/getQuote'>;
export type FirmQuote = Reply<'/institution/quote'>;
export type ConvertOrder = Reply<'/institution/order'>;
export type Balance = Reply<'/institution/listConvertAssetBalanceByType'>[number];
/** What a quote form needs of a quote: convert's and the OTC desk's (contract/otc.ts) both have these fields. */
export type QuoteLike = Omit<IndicativeQuote, 'kind'>;
export type FirmLike = QuoteLike & Pick<FirmQuote, 'quoteId' | 'expiresAt'>;
export type OrderBody = Body<'/institution/order'>;

export const convertApi = {
  /** Public: the assets of one type, with their decimals. */
  assetsByType: (type: AssetType) => request('/institution/listExchangeAssetByType', { type }, quiet),
  allAssets: () => request('/institution/listAllConvertAsset', undefined, quiet),
  balances: (type: AssetType) => request('/institution/listConvertAssetBalanceByType', { type }, quiet),
  /** Public: each asset's per-order minimum and maximum as the side paid. */
  riskConfig: () => request('/institution/listRiskConfig', undefined, quiet),
  dailyLimit: () => request('/institution/listUserOrganizationRiskConfig', undefined, quiet),
  disabledPairs: () => request('/institution/block/listDisabledPair', undefined, quiet),
  disabledPairsPublic: () => request('/institution/block/listDisabledPairNotLogin', undefined, quiet),
  /** Public: a price that binds nothing, for the form as the person types. */
  indicativeQuote: (body: QuoteBody, signal?: AbortSignal) =>
    request('/institution/getQuote', body, signal ? { ...quiet, signal } : quiet),
  firmQuote: (body: QuoteBody) => request('/institution/quote', body, quiet),
  order: (body: OrderBody) => request('/institution/order', body, quiet),
};
