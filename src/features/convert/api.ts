import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { ConvertCalls } from '../../../contract/convert.ts';
import { apiPost } from '../../lib/api/index.ts';

// The convert calls, typed from the contract (contract/convert.ts): one definition with the sandbox. The
// screens show errors beside the form themselves, so every call is quiet (no toast).
type Reply<P extends keyof ConvertCalls> = ReplyOf<ConvertCalls[P]>;
type Body<P extends keyof ConvertCalls> = BodyOf<ConvertCalls[P]>;
const quiet = { silent: true } as const;
const publicCall = { silent: true, noToken: true } as const;

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
  assetsByType: (type: AssetType) => apiPost<ConvertAsset[]>('/institution/listExchangeAssetByType', { type }, publicCall),
  allAssets: () => apiPost<Reply<'/institution/listAllConvertAsset'>>('/institution/listAllConvertAsset', undefined, quiet),
  balances: (type: AssetType) => apiPost<Balance[]>('/institution/listConvertAssetBalanceByType', { type }, quiet),
  /** Public: each asset's per-order minimum and maximum as the side paid. */
  riskConfig: () => apiPost<RiskConfig[]>('/institution/listRiskConfig', undefined, publicCall),
  dailyLimit: () => apiPost<DailyLimit>('/institution/listUserOrganizationRiskConfig', undefined, quiet),
  disabledPairs: () => apiPost<Pair[]>('/institution/block/listDisabledPair', undefined, quiet),
  disabledPairsPublic: () => apiPost<Pair[]>('/institution/block/listDisabledPairNotLogin', undefined, publicCall),
  /** Public: a price that binds nothing, for the form as the person types. */
  indicativeQuote: (body: QuoteBody, signal?: AbortSignal) =>
    apiPost<IndicativeQuote>('/institution/getQuote', body, signal ? { ...publicCall, signal } : publicCall),
  firmQuote: (body: QuoteBody) => apiPost<FirmQuote>('/institution/quote', body, quiet),
  order: (body: OrderBody) => apiPost<ConvertOrder>('/institution/order', body, quiet),
};
