import Type from 'typebox';
import { call } from './call.ts';
import { Amount, Code6, CodeUuid, Id, IsoTime, Page, PageCondition, RangeDaysEnum, RequestId, Strict, StringEnum, Text } from './schema.ts';
import { BROKER_EXCHANGES, SUB_ACCOUNT_KINDS } from './broker-rules.ts';
import {
  APPLY_RECORD_TYPES,
  FLOW_DIRECTIONS,
  INVESTOR_NAME_MAX,
  INVESTOR_NAME_MIN,
  MAX_RELATION_REMARK,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_NAME_MIN,
  PROJECT_STATUSES,
} from './broker-projects-rules.ts';

/**
 * Broker asset-management projects, their sub-accounts, investors and capital flows (spec §4 project
 * states, spec §7 "Broker calls": /broker/project, applyRecord/add, project/*, account/project/relation/*,
 * financing/*). The spec names the calls, not their fields: they are listed in server/broker/README.md "Projects".
 * Every call needs broker rights (403) and reaches only the caller's organisation: another organisation's project,
 * investor or sub-account is 404, exactly as a missing one. Constants in contract/broker-projects-rules.ts, the NAV
 * arithmetic in contract/broker-nav.ts.
 *
 * `investor/list` and `investor/add` are not in the spec's list: the capital calls name an investor (the broker's
 * client), and these two let the screens pick or add one.
 */

const ExchangeCode = StringEnum([...BROKER_EXCHANGES]);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
/** A project's number: P + YYYYMMDD + 4 digits. */
export const ProjectNo = Type.String({ pattern: '^P\\d{12}$' });
/** A UTC+8 calendar day. */
export const Day = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });
/** A rate as a decimal fraction, at most 4 decimals (0.0525 = 5.25 %); the ranges are checked after (400 with the field). */
const Rate = Type.String({ pattern: '^(0|1)(\\.\\d{1,4})?$' });
/** A USDT amount asked for: up to 18 integer digits and 8 decimals. */
const UsdtAmount = Type.String({ pattern: '^(0|[1-9]\\d{0,17})(\\.\\d{1,8})?$', maxLength: 27 });
/** Units asked for: 8 decimals. */
const UnitsAmount = Type.String({ pattern: '^(0|[1-9]\\d{0,17})(\\.\\d{1,8})?$', maxLength: 27 });
/** A signed decimal. */
const SignedAmount = Type.String({ pattern: '^-?(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$' });
const GaCode = Type.String({ pattern: '^\\d{6}$' });
/** spec §5: the e-mail format (contract/rules.ts isEmailFormat) is checked after the shape. */
const Email = Type.String({ minLength: 3, maxLength: 254 });

export const ProjectStatusName = StringEnum([...PROJECT_STATUSES]);
export const FlowDirectionName = StringEnum([...FLOW_DIRECTIONS]);

/**
 * A project (spec §4): its terms, state (from the sandbox clock), the live figures (gross asset of its
 * sub-accounts, the two liabilities, net asset, units, NAV per unit) and the day of its latest zero-hour record.
 */
export const Project = Type.Object({
  projectNo: ProjectNo,
  name: Type.String(),
  description: Type.String(),
  asset: Type.Literal('USDT'),
  exchangeCode: ExchangeCode,
  /** The primary sub-account (asset management), opened with the project; money arrives here. */
  brokerAccountId: Id,
  subAccountName: Type.String(),
  startDay: Day,
  endDay: Day,
  status: ProjectStatusName,
  interestRate: Amount,
  performanceFeeRate: Amount,
  minSubscription: Amount,
  units: Amount,
  /** Live: the USDT of every wallet of the primary and linked sub-accounts. */
  grossAsset: Amount,
  interestPayable: Amount,
  profitPayable: Amount,
  /** gross − interest payable − profit payable (may be below zero only in theory: a loss beyond the liabilities). */
  netAsset: SignedAmount,
  /** Live NAV per unit (1 with no unit out), 8 decimals. */
  nav: Amount,
  /** The high-water mark of the NAV (the performance fee is charged above it). */
  hwm: Amount,
  /** The latest zero-hour record's day and NAV (null before the first). */
  recordDay: Nullable(Day),
  recordNav: Nullable(Amount),
  investorCount: Type.Integer(),
  linkedAccountCount: Type.Integer(),
  /** The public dataChart page's code (/dataChart?shareCode=…). */
  shareCode: Type.String(),
  createdBy: Type.String(),
  createdAt: IsoTime,
});

/** An investor: the broker's client who puts capital into projects (personal data, never public). */
export const Investor = Type.Object({
  investorId: Id,
  name: Type.String(),
  email: Type.String(),
  /** Projects the investor holds units of. */
  projectCount: Type.Integer(),
  createdAt: IsoTime,
});

/** One investor's holding of one project (project/listCapital). */
export const Holding = Type.Object({
  investorId: Id,
  name: Type.String(),
  email: Type.String(),
  units: Amount,
  /** Capital in at cost, less the cost share of redeemed units. */
  principal: Amount,
  /** units × the live NAV, cut to 8 decimals. */
  value: Amount,
  /** value − principal. */
  gain: SignedAmount,
  /** Share of the project's units, percent with 4 decimals. */
  sharePercent: Type.String(),
  /** Interest accrued and not yet settled. */
  interestUnsettled: Amount,
  totalIn: Amount,
  totalOut: Amount,
  firstInAt: Nullable(IsoTime),
});

/** A capital increase or decrease (pageDepositWithdrawRecords; financing/*). */
export const CapitalFlow = Type.Object({
  flowId: Id,
  projectNo: ProjectNo,
  projectName: Type.String(),
  investorId: Id,
  investorName: Type.String(),
  direction: FlowDirectionName,
  /** `investor`: from outside (ledger provider `investor:<id>`); `broker_account`: from one of the broker's sub-accounts. */
  source: StringEnum(['investor', 'broker_account']),
  sourceAccountId: Nullable(Id),
  amount: Amount,
  units: Amount,
  nav: Amount,
  navDay: Nullable(Day),
  /** Principal added (increase) or taken away (decrease, the cost share of the units), signed. */
  principalChange: SignedAmount,
  remark: Type.String(),
  operator: Type.String(),
  createdAt: IsoTime,
});

/** A sub-account of a project: its primary one or a linked one (account/project/relation/*). */
export const ProjectRelation = Type.Object({
  relationId: Id,
  projectNo: ProjectNo,
  brokerAccountId: Id,
  exchangeCode: ExchangeCode,
  subAccountName: Type.String(),
  accountType: StringEnum([...SUB_ACCOUNT_KINDS]),
  role: StringEnum(['primary', 'linked']),
  remark: Type.String(),
  /** USDT of every wallet of the sub-account. */
  usdt: Amount,
  createdBy: Type.String(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

/** A zero-hour record (the NAV of day D, taken at D 00:00 UTC+8, covering trading day D−1). */
export const UnitRecord = Type.Object({
  day: Day,
  grossAsset: Amount,
  interestPayable: Amount,
  profitPayable: Amount,
  netAsset: SignedAmount,
  units: Amount,
  nav: Amount,
  pnl: SignedAmount,
  flowsIn: Amount,
  flowsOut: Amount,
  tradeVolume: Amount,
});

/** An application of applyRecord/add: the sandbox decides at once (applying → approved → done). */
export const ApplyRecord = Type.Object({
  applyRecordId: Id,
  type: StringEnum([...APPLY_RECORD_TYPES]),
  status: StringEnum(['applying', 'approved', 'rejected', 'done']),
  projectNo: Nullable(ProjectNo),
  applicant: Type.String(),
  createdAt: IsoTime,
  decidedAt: Nullable(IsoTime),
  completedAt: Nullable(IsoTime),
  project: Nullable(Project),
});

/** The investor of a capital increase: an existing one, or a new one by name and e-mail. */
const NewInvestor = Strict({ name: Text(INVESTOR_NAME_MIN, INVESTOR_NAME_MAX), email: Email });

/** The redemption asked for: either units or a USDT amount (the fewest units paying at least that). */
const RedeemFields = {
  projectNo: ProjectNo,
  investorId: Id,
  units: Type.Optional(UnitsAmount),
  amount: Type.Optional(UsdtAmount),
};

/** A capital decrease's preview (financing/preDecreaseCapital). */
export const DecreasePreview = Type.Object({
  projectNo: ProjectNo,
  investorId: Id,
  units: Amount,
  nav: Amount,
  navDay: Nullable(Day),
  /** What the investor receives: units × NAV cut to 8 decimals. */
  amount: Amount,
  principalReduced: Amount,
  unitsLeft: Amount,
  /** The primary account's free USDT on its futures wallet: a decrease above it is 10458. */
  available: Amount,
});

const ProjectFilter = {
  status: Type.Optional(ProjectStatusName),
  exchangeCode: Type.Optional(ExchangeCode),
  /** Number or name, at most 40 characters. */
  keyword: Type.Optional(Text(1, 40)),
};

export const brokerProjectCalls = {
  /** The lookup list of projects (spec §3 "Broker lookup" projectList): every project of the organisation, newest first. */
  '/broker/project': call({
    method: 'GET',
    auth: 'user',
    reply: Type.Array(Type.Object({ projectNo: ProjectNo, name: Type.String(), status: ProjectStatusName, exchangeCode: ExchangeCode, brokerAccountId: Id })),
  }),
  /**
   * Applies for a new project (type `project`): the sandbox decides at once, opens the project's primary
   * asset-management sub-account on the exchange and answers the application `done` with the project. Invalid
   * terms are a 400 naming the field. Idempotent on `requestId` (other content with the same id is 10209).
   */
  '/broker/applyRecord/add': call({
    method: 'POST',
    auth: 'user',
    body: Strict({
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
    reply: ApplyRecord,
  }),
  /** The projects of one state (or all), with the count of each state (the status tabs). */
  '/broker/project/listProjectByStatus': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ status: Type.Optional(ProjectStatusName) }),
    reply: Type.Object({
      counts: Type.Object({ not_started: Type.Integer(), in_progress: Type.Integer(), completed: Type.Integer() }),
      list: Type.Array(Project),
    }),
  }),
  /** A page of the organisation's projects, newest first. */
  '/broker/project/page': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict(ProjectFilter)) }),
    reply: Page(Project),
  }),
  /** One project with its sub-accounts, its latest zero-hour record and its totals in and out. */
  '/broker/project/queryBrokerProjectInfo': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: ProjectNo }),
    reply: Type.Object({
      project: Project,
      accounts: Type.Array(ProjectRelation),
      latestRecord: Nullable(UnitRecord),
      totalIn: Amount,
      totalOut: Amount,
      /** The primary account's free USDT on its futures wallet (what a decrease may pay now). */
      available: Amount,
    }),
  }),
  /** The investors' holdings of a project (units, principal, value at the live NAV), biggest first. */
  '/broker/project/listCapital': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: ProjectNo }),
    reply: Type.Object({ projectNo: ProjectNo, nav: Amount, units: Amount, list: Type.Array(Holding) }),
  }),
  /** The capital increases and decreases of the organisation's projects, newest first. */
  '/broker/project/pageDepositWithdrawRecords': call({
    method: 'POST',
    auth: 'user',
    body: Strict({
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
    reply: Page(CapitalFlow),
  }),

  /** The sub-accounts of a project: its primary one first, then the linked ones. */
  '/broker/account/project/relation/queryBrokerAccount': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: ProjectNo }),
    reply: Type.Array(ProjectRelation),
  }),
  /** The sub-accounts that could be linked to a project: its exchange's, in no project; `selectable` only when they hold nothing. */
  '/broker/account/project/relation/querySelectBrokerAccount': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: ProjectNo }),
    reply: Type.Array(
      Type.Object({
        brokerAccountId: Id,
        exchangeCode: ExchangeCode,
        subAccountName: Type.String(),
        accountType: StringEnum([...SUB_ACCOUNT_KINDS]),
        /** USDT value of everything it holds (spec: a linked account must hold nothing when linked). */
        valueUsdt: Amount,
        selectable: Type.Boolean(),
        reason: Nullable(StringEnum(['notEmpty'])),
      }),
    ),
  }),
  /** Links a sub-account (same exchange, in no project, holding nothing) to a project. */
  '/broker/account/project/relation/add': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: ProjectNo, brokerAccountId: Id, remark: Type.Optional(Text(0, MAX_RELATION_REMARK)) }),
    reply: ProjectRelation,
  }),
  /** Changes a link's remark. */
  '/broker/account/project/relation/update': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ relationId: Id, remark: Text(0, MAX_RELATION_REMARK) }),
    reply: ProjectRelation,
  }),
  /** Unlinks a linked sub-account (it must hold nothing; the primary one cannot be unlinked: 10460). */
  '/broker/account/project/relation/delete': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ relationId: Id }),
    reply: Type.Object({ relationId: Id }),
  }),

  /** The organisation's investors, by name; `projectNo` narrows to the project's holders. */
  '/broker/investor/list': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: Type.Optional(ProjectNo), keyword: Type.Optional(Text(1, 40)) }),
    reply: Type.Array(Investor),
  }),
  /** Adds an investor (e-mail unique in the organisation, 10461). */
  '/broker/investor/add': call({
    method: 'POST',
    auth: 'user',
    body: NewInvestor,
    reply: Investor,
  }),

  /**
   * A capital increase: the investor's money arrives from outside on the primary account's futures wallet and buys
   * units at the live NAV. Allowed while the project is not started or in progress (10455 otherwise); the amount at
   * least the minimum subscription (10456). Idempotent on `requestId`.
   */
  '/broker/financing/increaseCapital': call({
    method: 'POST',
    auth: 'user',
    body: Strict({
      projectNo: ProjectNo,
      investorId: Type.Optional(Id),
      investor: Type.Optional(NewInvestor),
      amount: UsdtAmount,
      remark: Type.Optional(Text(0, 200)),
      requestId: RequestId,
    }),
    reply: CapitalFlow,
  }),
  /** What a capital decrease of `units` (or of the units paying `amount`) would pay now. */
  '/broker/financing/preDecreaseCapital': call({
    method: 'POST',
    auth: 'user',
    body: Strict(RedeemFields),
    reply: DecreasePreview,
  }),
  /**
   * A capital decrease: the units are redeemed at the live NAV and the amount paid from the primary account's
   * futures wallet to the investor. Needs the second factor (e-mail code of business type brokerRedeem, the Google
   * code when bound). Idempotent on `requestId`.
   */
  '/broker/financing/decreaseCapital': call({
    method: 'POST',
    auth: 'user',
    body: Strict({
      ...RedeemFields,
      remark: Type.Optional(Text(0, 200)),
      requestId: RequestId,
      emailUuid: CodeUuid,
      emailCode: Code6,
      gaCode: Type.Optional(GaCode),
    }),
    reply: CapitalFlow,
  }),
};

export type BrokerProjectCalls = typeof brokerProjectCalls;

/** Sandbox controls of the projects (server/broker/README.md "Projects"): not the provider's API; only with the dev routes. */
export const brokerProjectDevCalls = {
  /** Runs the daily zero-hour job now (it also runs after every sweep and clock advance); how many records it wrote. */
  '/_dev/broker/projects/runDaily': call({
    method: 'POST',
    auth: 'public',
    reply: Type.Object({ written: Type.Integer() }),
  }),
  /**
   * Empties a sub-account on its exchange (every free balance back to `exchange:<code>`, ledger
   * `broker_account_drain`), as a broker would by moving it away there: a sub-account with its seeded history can
   * then be linked to a project. Refused (400) for a project's sub-account or one holding something locked.
   */
  '/_dev/broker/accounts/drain': call({
    method: 'POST',
    auth: 'public',
    body: Strict({ brokerAccountId: Id }),
    reply: Type.Object({ brokerAccountId: Id, drained: Type.Integer() }),
  }),
  /** A project's zero-hour records, oldest first, each with its trades' count and Σ(realised P&L − fee). */
  '/_dev/broker/projects/records': call({
    method: 'GET',
    auth: 'public',
    query: Strict({ projectNo: ProjectNo }),
    reply: Type.Object({
      list: Type.Array(Type.Intersect([UnitRecord, Type.Object({ tradeCount: Type.Integer(), tradesNet: SignedAmount, interestAccrued: Amount, profitAccrued: Amount })])),
    }),
  }),
};
