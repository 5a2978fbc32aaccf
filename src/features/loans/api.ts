import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { LoanCalls } from '../../../contract/loans.ts';
import { apiPost } from '../../lib/api/index.ts';

// The loan calls, typed from the contract (contract/loans.ts): one definition with the sandbox. The screens show
// refusals beside the form themselves, so every call is quiet (no toast).
type Reply<P extends keyof LoanCalls> = ReplyOf<LoanCalls[P]>;
type Body<P extends keyof LoanCalls> = BodyOf<LoanCalls[P]>;
const quiet = { silent: true } as const;

export type LoanConfig = Reply<'/loan/config'>;
export type Loan = Reply<'/loan/detail'>;
export type BorrowBody = Body<'/loan/borrow'>;
export type PreviewBody = Body<'/loan/preview'>;
export type BorrowPreview = Reply<'/loan/preview'>;
export type ActionPreview = Reply<'/loan/previewAction'>;
export type ActionRecord = Reply<'/loan/repay'>;
export type LoanQuery = NonNullable<Body<'/loan/pageLoanOrder'>['queryCondition']>;
export type Liquidation = Reply<'/loan/pageLiquidationRecord'>['list'][number];
type Paging = Body<'/loan/pageLoanOrder'>['pageCondition'];

export const loanApi = {
  config: () => apiPost<LoanConfig>('/loan/config', undefined, quiet),
  preview: (body: PreviewBody, signal?: AbortSignal) => apiPost<BorrowPreview>('/loan/preview', body, signal ? { ...quiet, signal } : quiet),
  borrow: (body: BorrowBody) => apiPost<Loan>('/loan/borrow', body, quiet),
  detail: (orderId: string) => apiPost<Loan>('/loan/detail', { orderId }, quiet),
  previewAction: (body: Body<'/loan/previewAction'>) => apiPost<ActionPreview>('/loan/previewAction', body, quiet),
  act: (action: ActionPreview['action'], body: Body<'/loan/repay'>) => apiPost<ActionRecord>(`/loan/${action}`, body, quiet),
  orders: (pageCondition: Paging, queryCondition: LoanQuery) =>
    apiPost<Reply<'/loan/pageLoanOrder'>>('/loan/pageLoanOrder', { pageCondition, queryCondition }, quiet),
  liquidations: (pageCondition: Paging) => apiPost<Reply<'/loan/pageLiquidationRecord'>>('/loan/pageLiquidationRecord', { pageCondition }, quiet),
};
