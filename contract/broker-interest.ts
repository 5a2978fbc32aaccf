import Type from 'typebox';
import { userGet, userPost } from './call.ts';
import { Amount, Code6, CodeUuid, Id, IsoTime, Page, PageCondition, RequestId, Strict, StringEnum, Text, Nullable } from './schema.ts';
import { BROKER_EXCHANGES } from './broker-rules.ts';
import { TimeFields, TimeText } from './broker-funds.ts';
import { BILL_ACTIONS, BILL_STATES, INTEREST_STATES, MAX_BILL_REMARK } from './broker-interest-rules.ts';

/**
 * Interest settlement and settle bills (invoices) of the broker's projects (spec §4 "Broker states",
 * spec §7 "Broker calls": interestSettle/page, previewSettleData, applySettle, account, querySettleBill,
 * projectInterest; pageSettleBill, settleBillDetailQuery, queryFinancingInterestCount, interestApply,
 * findInterestApply, queryBrokerAccount). The spec names the calls but not their fields; they are listed in
 * server/broker/README.md "Interest settlement and bills".
 *
 * A project's holdings accrue interest every day (principal × annual rate / 365, the daily zero-hour job of
 * server/broker/projects). A settlement takes a project's unsettled accruals up to a day into a settle bill: initial
 * review by a member other than the applicant, re-review by a member other than the initial reviewer, then the
 * payment (second factor: e-mail code `brokerInterest`, Google code when bound) from the project's primary
 * sub-account to the investors. Every call needs broker rights (403) and reaches only the caller's organisation: a
 * project or bill of another organisation is 404, exactly as a missing one.
 */

const ExchangeCode = StringEnum([...BROKER_EXCHANGES]);
/** A project's number: `P` + YYYYMMDD (UTC+8) + 4 digits (contract/broker-projects.ts). */
const ProjectNo = Type.String({ pattern: '^P\\d{12}$' });
/** A settle bill's number: `S` + YYYYMMDD (UTC+8) of its application + 6 digits. */
export const BillNo = Type.String({ pattern: '^S\\d{14,20}$' });
/** A calendar day (UTC+8), YYYY-MM-DD. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Remark = Text(0, MAX_BILL_REMARK);
const GaCode = Type.String({ pattern: '^\\d{6}$' });

export const InterestStateName = StringEnum([...INTEREST_STATES]);
export const BillStateName = StringEnum([...BILL_STATES]);
export const BillActionName = StringEnum([...BILL_ACTIONS]);

/** Where a project's interest is paid from: its primary sub-account's futures wallet, in USDT. */
export const PayingAccount = Type.Object({
  projectNo: ProjectNo,
  brokerAccountId: Id,
  exchangeCode: ExchangeCode,
  subAccountName: Type.String(),
  wallet: Type.Literal('futures'),
  asset: Type.String(),
  free: Amount,
  locked: Amount,
});

/** One investor's share of a settlement: the accruals of the days fromDay–toDay. */
export const InterestLine = Type.Object({
  investorId: Id,
  investorName: Type.String(),
  /** The principal of the investor's holding on the last day of the line. */
  principal: Amount,
  days: Type.Integer(),
  fromDay: Day,
  toDay: Day,
  amount: Amount,
});

/** The interest a project owes, by state (projectInterest). */
export const ProjectInterest = Type.Object({
  projectNo: ProjectNo,
  projectName: Type.String(),
  asset: Type.String(),
  /** Annual, simple (0–0.3). */
  interestRate: Type.String(),
  /** The project's liability (NAV is net of it): accrued and not yet paid. */
  interestPayable: Amount,
  accrued: Amount,
  pending: Amount,
  inApplication: Amount,
  paid: Amount,
  /** The first unsettled day, and the last day accrued (null before the first accrual). */
  firstPendingDay: Nullable(Day),
  lastAccrualDay: Nullable(Day),
});

/** A project's investor and their interest, by state (interestSettle/account). */
export const InvestorInterest = Type.Object({
  investorId: Id,
  investorName: Type.String(),
  units: Amount,
  principal: Amount,
  accrued: Amount,
  pending: Amount,
  inApplication: Amount,
  paid: Amount,
  lastAccrualDay: Nullable(Day),
});

/**
 * One record of interest (interestSettle/page): an investor's unsettled accruals of a project (`pending_payment`,
 * no bill), or their line of a bill (`in_application` or `paid`).
 */
export const InterestRecord = Type.Object({
  projectNo: ProjectNo,
  projectName: Type.String(),
  investorId: Id,
  investorName: Type.String(),
  state: InterestStateName,
  billNo: Nullable(BillNo),
  fromDay: Day,
  toDay: Day,
  days: Type.Integer(),
  amount: Amount,
});

/** A settle bill (invoice) and where it stands. */
export const SettleBill = Type.Object({
  billNo: BillNo,
  projectNo: ProjectNo,
  projectName: Type.String(),
  asset: Type.String(),
  fromDay: Day,
  untilDay: Day,
  total: Amount,
  investorCount: Type.Integer(),
  status: BillStateName,
  /** The state of the interest it holds (spec §4): in application, paid; pending payment again after a rejection. */
  interestState: InterestStateName,
  remark: Type.String(),
  rejectReason: Nullable(Type.String()),
  /** Members' e-mails. */
  applicant: Type.String(),
  initialReviewer: Nullable(Type.String()),
  reReviewer: Nullable(Type.String()),
  payer: Nullable(Type.String()),
  rejecter: Nullable(Type.String()),
  /** What the bill allows now and which of it the caller may do (maker-checker); `refusals` says why not. */
  actions: Type.Array(BillActionName),
  myActions: Type.Array(BillActionName),
  refusal: Nullable(StringEnum(['applicant', 'initialReviewer'])),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  paidAt: Nullable(IsoTime),
});

/** A step of a bill's history (findInterestApply): the application and every decision. */
export const BillReview = Type.Object({
  step: StringEnum(['apply', ...BILL_ACTIONS]),
  /** The state the step left. */
  status: BillStateName,
  member: Type.String(),
  remark: Type.String(),
  createdAt: IsoTime,
});

export const SettleBillDetail = Type.Object({
  bill: SettleBill,
  lines: Type.Array(InterestLine),
  reviews: Type.Array(BillReview),
  account: PayingAccount,
});

const BillFilter = {
  status: Type.Optional(BillStateName),
  projectNo: Type.Optional(ProjectNo),
  ...TimeFields,
};

/** The second factor of the payment: an e-mail code of business type brokerInterest, and the Google code when one is bound. */
const SecondFactor = { emailUuid: Type.Optional(CodeUuid), emailCode: Type.Optional(Code6), gaCode: Type.Optional(GaCode) };

export const brokerInterestCalls = {
  /** spec §7 interestSettle/projectInterest (GET): what a project owes in interest, by state. */
  '/broker/interestSettle/projectInterest': userGet(Strict({ projectNo: ProjectNo }), ProjectInterest),
  /** Interest records: per project and investor, the unsettled accruals and the lines of bills; by project, then state. */
  '/broker/interestSettle/page': userPost(
    Strict({
      pageCondition: PageCondition,
      queryCondition: Type.Optional(Strict({ projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id), state: Type.Optional(InterestStateName) })),
    }),
    Page(InterestRecord),
  ),
  /** A project's investors and their interest by state (the interest page's table). */
  '/broker/interestSettle/account': userPost(Strict({ projectNo: ProjectNo }), Type.Array(InvestorInterest)),
  /**
   * What a settlement up to `untilDay` (UTC+8, at most the last accrued day) would take: per investor the unsettled
   * accruals, the total and the paying account's balance. 10470 when nothing is pending up to that day.
   */
  '/broker/interestSettle/previewSettleData': userPost(
    Strict({ projectNo: ProjectNo, untilDay: Day }),
    Type.Object({
      projectNo: ProjectNo,
      projectName: Type.String(),
      asset: Type.String(),
      fromDay: Day,
      untilDay: Day,
      lines: Type.Array(InterestLine),
      total: Amount,
      account: PayingAccount,
      /** The paying wallet's free balance covers the total now (it is checked again at the payment). */
      covered: Type.Boolean(),
    }),
  ),
  /**
   * Applies the previewed settlement: a bill `pending_initial_review` holding the accruals (in application).
   * `total` is the previewed total: when the pending accruals changed meanwhile it is 10472 (preview again).
   * Idempotent on requestId (the same request returns the bill; other content is 10209).
   */
  '/broker/interestSettle/applySettle': userPost(
    Strict({ projectNo: ProjectNo, untilDay: Day, total: Amount, remark: Type.Optional(Remark), requestId: RequestId }),
    SettleBill,
  ),
  /** A project's bills, newest first (the interest page shows them under the preview). */
  '/broker/interestSettle/querySettleBill': userPost(Strict({ projectNo: ProjectNo }), Type.Array(SettleBill)),
  /** The organisation's bills, newest first; by state, project and time of application. */
  '/broker/pageSettleBill': userPost(Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict(BillFilter)) }), Page(SettleBill)),
  /** One bill with its lines, its history and the paying account. */
  '/broker/settleBillDetailQuery': userPost(Strict({ billNo: BillNo }), SettleBillDetail),
  /** How many bills are in each state (the bill page's tabs), and how many wait for the caller. */
  '/broker/queryFinancingInterestCount': userPost(
    Strict({ projectNo: Type.Optional(ProjectNo) }),
    Type.Object({
      counts: Type.Object({
        pending_initial_review: Type.Integer(),
        pending_re_review: Type.Integer(),
        pending_payment: Type.Integer(),
        paid: Type.Integer(),
        rejected: Type.Integer(),
      }),
      awaitingMe: Type.Integer(),
    }),
  ),
  /**
   * A decision on a bill: `initial_review`, `re_review`, `reject` (at either review; `remark` is the reason) or `pay`
   * (with the second factor). 10471 when the bill's state does not allow it, 10473 for the maker-checker rule
   * (`data.reason` applicant / initialReviewer), 10101 when the paying wallet does not cover the total. A retry with
   * the same requestId returns the bill.
   */
  '/broker/interestApply': userPost(Strict({ billNo: BillNo, action: BillActionName, remark: Type.Optional(Remark), requestId: RequestId, ...SecondFactor }), SettleBill),
  /** A bill's history: the application and every decision, oldest first. */
  '/broker/findInterestApply': userPost(Strict({ billNo: BillNo }), Type.Array(BillReview)),
  /** The project's paying account (its primary sub-account's futures wallet) and its balance. */
  '/broker/queryBrokerAccount': userPost(Strict({ projectNo: ProjectNo }), PayingAccount),
} as const;

export type BrokerInterestCalls = typeof brokerInterestCalls;

/**
 * The bills as an xlsx file (POST with the filters of pageSettleBill as query parameters, like
 * exportBrokerFinancingAction; not in the spec's list): 結算帳單-YYYYMMDD.xlsx, the cover block of
 * server/broker/downloads.ts.
 */
export const settleBillsExport = {
  path: '/broker/exportSettleBill',
  query: Strict({ status: Type.Optional(BillStateName), projectNo: Type.Optional(ProjectNo), ...TimeText }),
} as const;

/** One bill's lines and history as an xlsx file (POST, `billNo` as a query parameter): 結算帳單-<billNo>.xlsx. */
export const settleBillExport = {
  path: '/broker/exportSettleBillDetail',
  query: Strict({ billNo: BillNo }),
} as const;
