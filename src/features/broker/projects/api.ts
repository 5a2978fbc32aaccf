import type { BrokerProjectCalls } from '../../../../contract/broker-projects.ts';
import type { BodyOf, ReplyOf } from '../../../../contract/call.ts';
import { type Body as CallBody, requestAt } from '../../../lib/api/request.ts';

// The project pages' calls (issue 15; spec §7 "Broker calls": applyRecord/add, project/*, account/project/relation/*,
// financing/*), typed from contract/broker-projects.ts (types only). Quiet: the screens show refusals beside their
// fields or above their lists.
type Calls = BrokerProjectCalls;
type Reply<P extends keyof Calls> = ReplyOf<Calls[P]>;
type Body<P extends keyof Calls> = BodyOf<Calls[P]>;
const quiet = { silent: true } as const;
const post = <P extends keyof Calls & string>(path: P, body: CallBody<P>) => requestAt(path, body, quiet);

export type Project = Reply<'/broker/project/page'>['list'][number];
export type ProjectStatusCounts = Reply<'/broker/project/listProjectByStatus'>['counts'];
export type ProjectInfo = Reply<'/broker/project/queryBrokerProjectInfo'>;
export type ProjectRelation = ProjectInfo['accounts'][number];
export type Holding = Reply<'/broker/project/listCapital'>['list'][number];
export type CapitalFlow = Reply<'/broker/project/pageDepositWithdrawRecords'>['list'][number];
export type LinkCandidate = Reply<'/broker/account/project/relation/querySelectBrokerAccount'>[number];
export type Investor = Reply<'/broker/investor/list'>[number];
export type NewProject = Body<'/broker/applyRecord/add'>;
export type IncreaseBody = Body<'/broker/financing/increaseCapital'>;
export type DecreasePreview = Reply<'/broker/financing/preDecreaseCapital'>;
export type PreviewBody = Body<'/broker/financing/preDecreaseCapital'>;
export type DecreaseBody = Body<'/broker/financing/decreaseCapital'>;
export type ProjectFilters = NonNullable<Body<'/broker/project/page'>['queryCondition']>;
export type FlowFilters = NonNullable<Body<'/broker/project/pageDepositWithdrawRecords'>['queryCondition']>;
type Paging = Body<'/broker/project/page'>['pageCondition'];

export const projectApi = {
  /** applyRecord/add type project: the sandbox decides at once and answers `done` with the new project. */
  apply: (body: NewProject) => post('/broker/applyRecord/add', body),
  /** The status tabs' counts (spec §4 project states). */
  byStatus: (body: Body<'/broker/project/listProjectByStatus'>) => post('/broker/project/listProjectByStatus', body),
  page: (pageCondition: Paging, queryCondition: ProjectFilters) => post('/broker/project/page', { pageCondition, queryCondition }),
  info: (projectNo: string) => post('/broker/project/queryBrokerProjectInfo', { projectNo }),
  capital: (projectNo: string) => post('/broker/project/listCapital', { projectNo }),
  flows: (pageCondition: Paging, queryCondition: FlowFilters) => post('/broker/project/pageDepositWithdrawRecords', { pageCondition, queryCondition }),
};

export const relationApi = {
  list: (projectNo: string) => post('/broker/account/project/relation/queryBrokerAccount', { projectNo }),
  candidates: (projectNo: string) => post('/broker/account/project/relation/querySelectBrokerAccount', { projectNo }),
  add: (projectNo: string, brokerAccountId: string) => post('/broker/account/project/relation/add', { projectNo, brokerAccountId }),
  remove: (relationId: string) => post('/broker/account/project/relation/delete', { relationId }),
};

export const capitalApi = {
  investors: (projectNo?: string) => post('/broker/investor/list', projectNo ? { projectNo } : {}),
  increase: (body: IncreaseBody) => post('/broker/financing/increaseCapital', body),
  preview: (body: PreviewBody) => post('/broker/financing/preDecreaseCapital', body),
  decrease: (body: DecreaseBody) => post('/broker/financing/decreaseCapital', body),
};
