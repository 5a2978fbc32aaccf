import type { BrokerProjectCalls } from '../../../../contract/broker-projects.ts';
import type { BodyOf, ReplyOf } from '../../../../contract/call.ts';
import { type Body as CallBody, requestAt } from '../../../lib/api/request.ts';
import { type Filters, type Paging, quiet } from '../calls.ts';

// The project pages' calls (spec §7 "Broker calls": applyRecord/add, project/*, account/project/relation/*,
// financing/*), typed from contract/broker-projects.ts (types only).
type Calls = BrokerProjectCalls;
type Reply<P extends keyof Calls> = ReplyOf<Calls[P]>;
type Body<P extends keyof Calls> = BodyOf<Calls[P]>;
const post = <P extends keyof Calls & string>(path: P, body: CallBody<P>) => requestAt(path, body, quiet);

export type Project = Reply<'/broker/project/page'>['list'][number];
export type ProjectInfo = Reply<'/broker/project/queryBrokerProjectInfo'>;
export type ProjectRelation = ProjectInfo['accounts'][number];
export type Holding = Reply<'/broker/project/listCapital'>['list'][number];
export type CapitalFlow = Reply<'/broker/project/pageDepositWithdrawRecords'>['list'][number];

export const projectApi = {
  /** applyRecord/add type project: the sandbox decides at once and answers `done` with the new project. */
  apply: (body: Body<'/broker/applyRecord/add'>) => post('/broker/applyRecord/add', body),
  /** The status tabs' counts (spec §4 project states). */
  byStatus: (body: Body<'/broker/project/listProjectByStatus'>) => post('/broker/project/listProjectByStatus', body),
  page: (pageCondition: Paging, queryCondition: Filters<'/broker/project/page'>) => post('/broker/project/page', { pageCondition, queryCondition }),
  info: (projectNo: string) => post('/broker/project/queryBrokerProjectInfo', { projectNo }),
  capital: (projectNo: string) => post('/broker/project/listCapital', { projectNo }),
  flows: (pageCondition: Paging, queryCondition: Filters<'/broker/project/pageDepositWithdrawRecords'>) => post('/broker/project/pageDepositWithdrawRecords', { pageCondition, queryCondition }),
};

export const relationApi = {
  list: (projectNo: string) => post('/broker/account/project/relation/queryBrokerAccount', { projectNo }),
  candidates: (projectNo: string) => post('/broker/account/project/relation/querySelectBrokerAccount', { projectNo }),
  add: (projectNo: string, brokerAccountId: string) => post('/broker/account/project/relation/add', { projectNo, brokerAccountId }),
  remove: (relationId: string) => post('/broker/account/project/relation/delete', { relationId }),
};

export type Investor = Reply<'/broker/investor/list'>[number];
export type DecreasePreview = Reply<'/broker/financing/preDecreaseCapital'>;

export const capitalApi = {
  investors: (projectNo?: string) => post('/broker/investor/list', projectNo ? { projectNo } : {}),
  increase: (body: Body<'/broker/financing/increaseCapital'>) => post('/broker/financing/increaseCapital', body),
  preview: (body: Body<'/broker/financing/preDecreaseCapital'>) => post('/broker/financing/preDecreaseCapital', body),
  decrease: (body: Body<'/broker/financing/decreaseCapital'>) => post('/broker/financing/decreaseCapital', body),
};
