import { type Body, type Reply, request } from '../../lib/api/request.ts';

// The calls of the marketing pages, typed from the contract: the OTC desk's public terms and indicative quote,
// the convert desk's public indicative quote (the calculator's BTC price), and the broker cooperation form. The
// pages show their own refusals, so no toast.
export type DeskTerms = Reply<'/institution/block/listBlockTradeConfigure'>;
export type OtcQuote = Reply<'/institution/block/getQuote'>;
export type OtcQuoteBody = Body<'/institution/block/getQuote'>;
export type ConvertQuote = Reply<'/institution/getQuote'>;
export type CooperationBody = Body<'/broker/business/cooperation/add'>;
const quiet = { silent: true } as const;

export const marketingApi = {
  deskTerms: () => request('/institution/block/listBlockTradeConfigure', undefined, quiet),
  otcQuote: (body: OtcQuoteBody, signal?: AbortSignal) => request('/institution/block/getQuote', body, signal ? { ...quiet, signal } : quiet),
  convertQuote: (body: Body<'/institution/getQuote'>) => request('/institution/getQuote', body, quiet),
  cooperation: (body: CooperationBody) => request('/broker/business/cooperation/add', body, { silent: true }),
};
