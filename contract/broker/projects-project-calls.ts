import Type from 'typebox';
import { userGet, userPost } from '../call.ts';
import { Amount, Id, IsoTime, Page, PageCondition, RangeDaysEnum, RequestId, Strict, StringEnum, Text, Nullable } from '../schema.ts';
import { APPLY_RECORD_TYPES, PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, PROJECT_NAME_MIN } from '../broker-projects-rules.ts';
import { ExchangeCode, ProjectNo, Day, Rate, UsdtAmount, ProjectStatusName, FlowDirectionName, Project, Holding, CapitalFlow, ProjectRelation, UnitRecord, ApplyRecord, ProjectFilter } from './projects-shapes.ts';

/** The projects themselves (spec §7 /broker/project, applyRecord/add, project/*): terms, applications, lists, capital. */
export const projectCalls = {
  /** The lookup list of projects (spec §3 "Broker lookup" projectList): every project of the organisation, newest first. */
  '/broker/project': userGet(
    undefined,
    Type.Array(Type.Object({ projectNo: ProjectNo, name: Type.String(), status: ProjectStatusName, exchangeCode: ExchangeCode, brokerAccountId: Id })),
  ),
  /**
   * Applies for a new project (type `project`): the sandbox decides at once, opens the project's primary
   * asset-management sub-account on the exchange and answers the application `done` with the project. Invalid
   * terms are a 400 naming the field. Idempotent on `requestId` (other content with the same id is 10209).
   */
  '/broker/applyRecord/add': userPost(
    Strict({
      type: StringEnum([...APPLY_RECORD_TYPES]),
      name: Text(PROJECT_NAME_MIN, PROJECT_NAME_MAX),
      description: Type.Optional(Text(0, PROJECT_DESCRIPTION_MAX)),
      exchangeCode: ExchangeCode,
      /** The primary sub-account's name on the exchange (4–32, A-Za-z0-9_.-); by default `p` + the project's number. */
      subAccountName: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{3,31}$' })),
      startDay: Day,
      endDay: Day,
      interestRate: Rate,
      performanceFeeRate: Rate,
      minSubscription: UsdtAmount,
      requestId: RequestId,
    }),
    ApplyRecord,
  ),
  /** The projects of one state (or all), with the count of each state (the status tabs). */
  '/broker/project/listProjectByStatus': userPost(
    Strict({ status: Type.Optional(ProjectStatusName) }),
    Type.Object({
      counts: Type.Object({ not_started: Type.Integer(), in_progress: Type.Integer(), completed: Type.Integer() }),
      list: Type.Array(Project),
    }),
  ),
  /** A page of the organisation's projects, newest first. */
  '/broker/project/page': userPost(Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict(ProjectFilter)) }), Page(Project)),
  /** One project with its sub-accounts, its latest zero-hour record and its totals in and out. */
  '/broker/project/queryBrokerProjectInfo': userPost(
    Strict({ projectNo: ProjectNo }),
    Type.Object({
      project: Project,
      accounts: Type.Array(ProjectRelation),
      latestRecord: Nullable(UnitRecord),
      totalIn: Amount,
      totalOut: Amount,
      /** The primary account's free USDT on its futures wallet (what a decrease may pay now). */
      available: Amount,
    }),
  ),
  /** The investors' holdings of a project (units, principal, value at the live NAV), biggest first. */
  '/broker/project/listCapital': userPost(Strict({ projectNo: ProjectNo }), Type.Object({ projectNo: ProjectNo, nav: Amount, units: Amount, list: Type.Array(Holding) })),
  /** The capital increases and decreases of the organisation's projects, newest first. */
  '/broker/project/pageDepositWithdrawRecords': userPost(
    Strict({
      pageCondition: PageCondition,
      queryCondition: Type.Optional(
        Strict({
          projectNo: Type.Optional(ProjectNo),
          investorId: Type.Optional(Id),
          direction: Type.Optional(FlowDirectionName),
          days: Type.Optional(RangeDaysEnum),
          startTime: Type.Optional(IsoTime),
          endTime: Type.Optional(IsoTime),
        }),
      ),
    }),
    Page(CapitalFlow),
  ),
};
