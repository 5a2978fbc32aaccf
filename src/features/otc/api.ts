import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { OtcAddressCalls, OtcCalls, otcEnquiryCalls } from '../../../contract/otc.ts';
import { apiPost } from '../../lib/api/index.ts';

// The OTC desk's calls, typed from the contract (contract/otc.ts; types only). The screens show refusals
// beside the form themselves, so every call is quiet (no toast).
type Reply<P extends keyof OtcCalls> = ReplyOf<OtcCalls[P]>;
type Body<P extends keyof OtcCalls> = BodyOf<OtcCalls[P]>;
type EnquiryCall = (typeof otcEnquiryCalls)['/institution/block/enquiry'];
const quiet = { silent: true } as const;
const publicCall = { silent: true, noToken: true } as const;

export type DeskConfig = Reply<'/institution/block/listBlockTradeConfigure'>;
export type DeskHours = DeskConfig['hours'];
export type UserTerms = Reply<'/institution/block/listUserBlockTradeConfigure'>;
export type OtcAsset = Reply<'/institution/block/listBlockAsset'>[number];
export type OtcBalance = Reply<'/institution/block/listBlockAssetBalance'>[number];
export type AvailableMoney = Reply<'/institution/block/listUserAvailableMoney'>;
export type OtcQuoteBody = Body<'/institution/block/getQuote'>;
export type OtcIndicative = Reply<'/institution/block/getQuote'>;
export type OtcFirm = Reply<'/institution/block/quote'>;
export type OtcOrder = Reply<'/institution/block/order'>;
export type OtcStatus = OtcOrder['status'];
export type LimitBody = Body<'/institution/block/addLimitOrder'>;
export type OrderPage = Reply<'/institution/block/pageBlockOrderRecord'>;
export type OrderQuery = NonNullable<Body<'/institution/block/pageBlockOrderRecord'>['queryCondition']>;
export type EnquiryBody = BodyOf<EnquiryCall>;
export type EnquiryReply = ReplyOf<EnquiryCall>;

export const otcApi = {
  /** Public: the desk's terms and whether it is open now (its clock). */
  config: () => apiPost<DeskConfig>('/institution/block/listBlockTradeConfigure', undefined, publicCall),
  userTerms: () => apiPost<UserTerms>('/institution/block/listUserBlockTradeConfigure', undefined, quiet),
  /** Public: the assets the desk trades, with their decimals. */
  assets: () => apiPost<OtcAsset[]>('/institution/block/listBlockAsset', undefined, publicCall),
  balances: () => apiPost<OtcBalance[]>('/institution/block/listBlockAssetBalance', undefined, quiet),
  availableMoney: () => apiPost<AvailableMoney>('/institution/block/listUserAvailableMoney', undefined, quiet),
  /** Public: a price and the USD value of the size that bind nothing. */
  indicativeQuote: (body: OtcQuoteBody, signal?: AbortSignal) =>
    apiPost<OtcIndicative>('/institution/block/getQuote', body, signal ? { ...publicCall, signal } : publicCall),
  firmQuote: (body: OtcQuoteBody) => apiPost<OtcFirm>('/institution/block/quote', body, quiet),
  order: (body: Body<'/institution/block/order'>) => apiPost<OtcOrder>('/institution/block/order', body, quiet),
  addLimitOrder: (body: LimitBody) => apiPost<OtcOrder>('/institution/block/addLimitOrder', body, quiet),
  cancelLimitOrder: (orderId: string) => apiPost<OtcOrder>('/institution/block/cancelLimitOrder', { orderId }, quiet),
  orders: (body: Body<'/institution/block/pageBlockOrderRecord'>) => apiPost<OrderPage>('/institution/block/pageBlockOrderRecord', body, quiet),
  /** The OTC deposit address (spec §7): the wallet's own, as getDepositAddress gives it. */
  depositAddress: (body: BodyOf<OtcAddressCalls['/block/trade/getAddress']>) =>
    apiPost<ReplyOf<OtcAddressCalls['/block/trade/getAddress']>>('/block/trade/getAddress', body, quiet),
  /** Public (otc/form/unlogin): an enquiry to the desk from someone without an account. */
  enquiry: (body: EnquiryBody) => apiPost<EnquiryReply>('/institution/block/enquiry', body, publicCall),
};
