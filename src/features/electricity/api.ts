import { type Body, type Reply, request } from '../../lib/api/request.ts';

// The electricity calls, typed from the contract (contract/electricity.ts). Quiet: the page shows refusals itself.
const quiet = { silent: true } as const;

export type Bill = Reply<'/electricity/bill/pay'>;
export type BillQuote = Reply<'/electricity/bill/quote'>;
export type BillQuery = NonNullable<Body<'/electricity/bill/page'>['queryCondition']>;
type Paging = Body<'/electricity/bill/page'>['pageCondition'];

export const electricityApi = {
  bills: (pageCondition: Paging, queryCondition: BillQuery) => request('/electricity/bill/page', { pageCondition, queryCondition }, quiet),
  quote: (body: Body<'/electricity/bill/quote'>) => request('/electricity/bill/quote', body, quiet),
  pay: (body: Body<'/electricity/bill/pay'>) => request('/electricity/bill/pay', body, quiet),
};
