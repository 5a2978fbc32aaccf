import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { AccountCalls } from '../../../contract/account.ts';
import type { ConvertCalls } from '../../../contract/convert.ts';
import type { OtcCalls } from '../../../contract/otc.ts';
import { apiPost } from '../../lib/api/index.ts';

// The calls of the marketing pages, typed from the contract: the OTC desk's public terms and indicative quote,
// the convert desk's public indicative quote (the calculator's BTC price), and the broker cooperation form. The
// pages show their own refusals, so no toast.
export type DeskTerms = ReplyOf<OtcCalls['/institution/block/listBlockTradeConfigure']>;
export type OtcQuote = ReplyOf<OtcCalls['/institution/block/getQuote']>;
export type OtcQuoteBody = BodyOf<OtcCalls['/institution/block/getQuote']>;
export type ConvertQuote = ReplyOf<ConvertCalls['/institution/getQuote']>;
type Cooperation = AccountCalls['/broker/business/cooperation/add'];
export type CooperationBody = BodyOf<Cooperation>;
const publicCall = { silent: true, noToken: true } as const;

export const marketingApi = {
  deskTerms: () => apiPost<DeskTerms>('/institution/block/listBlockTradeConfigure', undefined, publicCall),
  otcQuote: (body: OtcQuoteBody, signal?: AbortSignal) => apiPost<OtcQuote>('/institution/block/getQuote', body, signal ? { ...publicCall, signal } : publicCall),
  convertQuote: (body: BodyOf<ConvertCalls['/institution/getQuote']>) => apiPost<ConvertQuote>('/institution/getQuote', body, publicCall),
  cooperation: (body: CooperationBody) => apiPost<ReplyOf<Cooperation>>('/broker/business/cooperation/add', body, { silent: true }),
};
