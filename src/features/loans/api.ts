import { type Body, type Reply, request, requestAt } from '../../lib/api/request.ts';

// The loan calls, typed from the contract (contract/loans.ts): one definition with the sandbox. The screens show
// refusals beside the form themselves, so every call is quiet (no toast).
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
  config: () => request('/loan/config', undefined, quiet),
  preview: (body: PreviewBody, signal?: AbortSignal) => request('/loan/preview', body, signal ? { ...quiet, signal } : quiet),
  borrow: (body: BorrowBody) => request('/loan/borrow', body, quiet),
  detail: (orderId: string) => request('/loan/detail', { orderId }, quiet),
  previewAction: (body: Body<'/loan/previewAction'>) => request('/loan/previewAction', body, quiet),
  act: (action: ActionPreview['action'], body: Body<'/loan/repay'>) => requestAt(`/loan/${action}`, body, quiet),
  orders: (pageCondition: Paging, queryCondition: LoanQuery) =>
    request('/loan/pageLoanOrder', { pageCondition, queryCondition }, quiet),
  liquidations: (pageCondition: Paging) => request('/loan/pageLiquidationRecord', { pageCondition }, quiet),
};
