import { type Body, type Reply, request } from '../../../lib/api/request.ts';
import { paged, quiet } from '../calls.ts';

// The profit page's calls (spec §7 project/* and profitAccrual/*; contract/broker-profit.ts), typed from the
// contract (types only).

export type ProfitFund = Reply<'/broker/profitAccrual/accrualFund'>[number];
export type ProfitAccrual = Reply<'/broker/profitAccrual/page'>['list'][number];
export type ProfitApplication = Reply<'/broker/profitAccrual/pageApplication'>['list'][number];
export type Destination = Reply<'/broker/profitAccrual/accounts'>[number];
export type ExtractPreview = Reply<'/broker/project/submitExtractInferiorRecord'>;
/** What a profit code approves (server/broker/code-operations.ts): the withdrawal or allocation as its call will carry it. */
export type ProfitCodeOperation = NonNullable<Body<'/broker/project/invokeWithdrawalEmailValidation'>['operation']>;

export const profitApi = {
  funds: (query: Body<'/broker/profitAccrual/accrualFund'> = {}) => request('/broker/profitAccrual/accrualFund', query, quiet),
  accounts: (projectNo: string) => request('/broker/profitAccrual/accounts', { projectNo }, quiet),
  accruals: paged('/broker/profitAccrual/page'),
  applications: paged('/broker/profitAccrual/pageApplication'),
  /** An e-mail code (business type brokerWithdraw) for the one withdrawal or allocation `operation` (it approves only that). */
  invoke: (projectNo: string, operation: ProfitCodeOperation) => request('/broker/project/invokeWithdrawalEmailValidation', { projectNo, operation }, quiet),
  /** The code that approves this one profit application. */
  approveCode: (applicationId: string) =>
    request('/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerApprove', operation: { kind: 'approveProfit', applicationId } }, quiet),
  preview: (body: Body<'/broker/project/submitExtractInferiorRecord'>) => request('/broker/project/submitExtractInferiorRecord', body, quiet),
  withdraw: (body: Body<'/broker/project/addExtractInferiorRecord'>) => request('/broker/project/addExtractInferiorRecord', body, quiet),
  allot: (body: Body<'/broker/profitAccrual/apply'>) => request('/broker/profitAccrual/apply', body, quiet),
  transferIn: (body: Body<'/broker/project/addInferiorTransferRecord'>) => request('/broker/project/addInferiorTransferRecord', body, quiet),
  approve: (body: Body<'/broker/profitAccrual/approve'>) => request('/broker/profitAccrual/approve', body, quiet),
  reject: (body: Body<'/broker/profitAccrual/reject'>) => request('/broker/profitAccrual/reject', body, quiet),
};
