import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { ElectricityCalls } from '../../../contract/electricity.ts';
import { apiPost } from '../../lib/api/index.ts';

// The electricity calls, typed from the contract (contract/electricity.ts). Quiet: the page shows refusals itself.
type Reply<P extends keyof ElectricityCalls> = ReplyOf<ElectricityCalls[P]>;
type Body<P extends keyof ElectricityCalls> = BodyOf<ElectricityCalls[P]>;
const quiet = { silent: true } as const;

export type Bill = Reply<'/electricity/bill/pay'>;
export type BillQuote = Reply<'/electricity/bill/quote'>;
export type BillQuery = NonNullable<Body<'/electricity/bill/page'>['queryCondition']>;
type Paging = Body<'/electricity/bill/page'>['pageCondition'];

export const electricityApi = {
  bills: (pageCondition: Paging, queryCondition: BillQuery) => apiPost<Reply<'/electricity/bill/page'>>('/electricity/bill/page', { pageCondition, queryCondition }, quiet),
  quote: (body: Body<'/electricity/bill/quote'>) => apiPost<BillQuote>('/electricity/bill/quote', body, quiet),
  pay: (body: Body<'/electricity/bill/pay'>) => apiPost<Bill>('/electricity/bill/pay', body, quiet),
};
