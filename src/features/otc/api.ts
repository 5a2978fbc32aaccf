import { type Body, type Reply, request } from '../../lib/api/request.ts';

// The OTC desk's calls, typed from the contract (contract/otc.ts; types only). The screens show refusals
// beside the form themselves, so every call is quiet (no toast).
const quiet = { silent: true } as const;

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
export type EnquiryBody = Body<'/institution/block/enquiry'>;
export type EnquiryReply = Reply<'/institution/block/enquiry'>;

export const otcApi = {
  /** Public: the desk's terms and whether it is open now (its clock). */
  config: () => request('/institution/block/listBlockTradeConfigure', undefined, quiet),
  userTerms: () => request('/institution/block/listUserBlockTradeConfigure', undefined, quiet),
  /** Public: the assets the desk trades, with their decimals. */
  assets: () => request('/institution/block/listBlockAsset', undefined, quiet),
  /** The desk's coins with the networks it takes them on (the otcinfo deposit and withdrawal pages). */
  listAsset: () => request('/institution/block/listAsset', undefined, quiet),
  balances: () => request('/institution/block/listBlockAssetBalance', undefined, quiet),
  availableMoney: () => request('/institution/block/listUserAvailableMoney', undefined, quiet),
  /** Public: a price and the USD value of the size that bind nothing. */
  indicativeQuote: (body: OtcQuoteBody, signal?: AbortSignal) =>
    request('/institution/block/getQuote', body, signal ? { ...quiet, signal } : quiet),
  firmQuote: (body: OtcQuoteBody) => request('/institution/block/quote', body, quiet),
  order: (body: Body<'/institution/block/order'>) => request('/institution/block/order', body, quiet),
  addLimitOrder: (body: LimitBody) => request('/institution/block/addLimitOrder', body, quiet),
  cancelLimitOrder: (orderId: string) => request('/institution/block/cancelLimitOrder', { orderId }, quiet),
  orders: (body: Body<'/institution/block/pageBlockOrderRecord'>) => request('/institution/block/pageBlockOrderRecord', body, quiet),
  /** The OTC deposit address (spec §7): the wallet's own, as getDepositAddress gives it. */
  depositAddress: (body: Body<'/block/trade/getAddress'>) =>
    request('/block/trade/getAddress', body, quiet),
  /** Public (otc/form/unlogin): an enquiry to the desk from someone without an account. */
  enquiry: (body: EnquiryBody) => request('/institution/block/enquiry', body, quiet),
};
