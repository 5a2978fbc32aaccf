import Type from 'typebox';
import { userGet, userPost } from './call.ts';
import { Amount, Code6, CodeUuid, Id, IsoTime, Page, PageCondition, RangeDaysEnum, RangeDaysText, RequestId, Strict, StringEnum, Text, Nullable } from './schema.ts';
import { BROKER_EXCHANGES, BROKER_WALLETS, SUB_ACCOUNT_KINDS } from './broker-rules.ts';
import { MAX_APPLICATION_REMARK } from './broker-funds-rules.ts';
import { ALLOT_MODES, MAX_ALLOT_LEGS, PROFIT_APPLICATION_TYPES, PROFIT_EXPORT_TABLES } from './broker-profit-rules.ts';
import { ApplicationStatus, ApprovalFields } from './broker-funds.ts';
import { ProjectNo } from './broker-projects.ts';

/**
 * Broker portal, profit of the projects (spec §4 "Broker states" and operation log types; spec §7
 * "Broker calls": project/queryWithdrawAvailable, invokeWithdrawalEmailValidation, submitExtractInferiorRecord,
 * addExtractInferiorRecord, addInferiorTransferRecord; profitAccrual/page, apply, GET accrualFund, GET accounts).
 * The spec names the calls, not their fields; they are listed in server/broker/README.md "Profit". Every call needs
 * broker rights (403) and reaches only the caller's organisation: another organisation's project, sub-account or
 * application is 404, exactly as a missing one.
 *
 * Not in the spec's list, named after the calls beside them: `profitAccrual/pageApplication` (the applications),
 * `profitAccrual/approve` and `profitAccrual/reject` (another member's decision, maker-checker, like part 1's
 * fundTransfer/approve and reject, which decide the sub-account transfers of another table), and the download
 * `profitAccrual/export`.
 */

const ExchangeCode = StringEnum([...BROKER_EXCHANGES]);
const Wallet = StringEnum([...BROKER_WALLETS]);
const Kind = StringEnum([...SUB_ACCOUNT_KINDS]);
/** A positive USDT amount asked for: the pattern bounds it, the 8 decimals are checked after (field `amount`, rule `decimals`). */
const AskedAmount = Type.String({ pattern: '^(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$', maxLength: 37 });
const Percent = Type.String({ pattern: '^(0|[1-9]\\d{0,2})(\\.\\d{1,2})?$' });
const Remark = Text(0, MAX_APPLICATION_REMARK);
const GaCode = Type.String({ pattern: '^\\d{6}$' });
/** The second factor of a money call: an e-mail code of the call's business type, and the Google code when one is bound. */
const SecondFactor = { emailUuid: CodeUuid, emailCode: Code6, gaCode: Type.Optional(GaCode) };
const TimeFields = { days: Type.Optional(RangeDaysEnum), startTime: Type.Optional(IsoTime), endTime: Type.Optional(IsoTime) };
const PageQuery = <P extends Parameters<typeof Type.Object>[0]>(conditions: P) =>
  Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict(conditions)) });

export const ProfitApplicationType = StringEnum([...PROFIT_APPLICATION_TYPES]);

/** One destination of a withdrawal or an allocation, or the source of a transfer in. */
export const ProfitLeg = Type.Object({
  brokerAccountId: Id,
  subAccountName: Type.String(),
  wallet: Wallet,
  amount: Amount,
  /** The leg's percentage of an allocation by percentages; null otherwise. */
  percent: Nullable(Type.String()),
});

/**
 * A profit application (spec §4 applying → approved/rejected → done): what it moves between the project's primary
 * account (futures wallet, USDT) and the organisation's sub-accounts, its state and who applied and decided.
 */
export const ProfitApplication = Type.Object({
  applicationId: Id,
  type: ProfitApplicationType,
  status: ApplicationStatus,
  /** The operation log kind it writes (spec §4): inferior_extract, funds_allot or inferior_transfer. */
  operationKind: Type.String(),
  projectNo: Type.String(),
  projectName: Type.String(),
  exchangeCode: ExchangeCode,
  /** The project's primary sub-account. */
  primaryAccountId: Id,
  primarySubAccountName: Type.String(),
  asset: Type.String(),
  amount: Amount,
  /** withdraw: one destination; allot: two or more; transfer_in: the source sub-account and wallet. */
  legs: Type.Array(ProfitLeg),
  /** allot: how the legs were given. */
  allotMode: Nullable(StringEnum([...ALLOT_MODES])),
  /** transfer_in, once done: the units bought for the broker's own investor record, and the NAV they were bought at. */
  units: Nullable(Type.String()),
  nav: Nullable(Type.String()),
  ...ApprovalFields,
});

/** A project's profit in figures (USDT). */
export const ProfitFund = Type.Object({
  projectNo: Type.String(),
  projectName: Type.String(),
  status: StringEnum(['not_started', 'in_progress', 'completed']),
  exchangeCode: ExchangeCode,
  primaryAccountId: Id,
  asset: Type.String(),
  /** Every performance fee accrued so far (the accrual records' sum). */
  accrued: Amount,
  /** Paid out by approved withdrawals and allocations. */
  withdrawn: Amount,
  /** Held by withdrawals and allocations still applying. */
  applying: Amount,
  /** The liability now: accrued − withdrawn (profit_payable). */
  profitPayable: Amount,
  /** The primary account's free USDT on its futures wallet. */
  primaryFree: Amount,
  /** What one more application may take: min(profitPayable − applying, primaryFree). */
  available: Amount,
  /** The live NAV per unit (contract/broker-nav.ts): a withdrawal or an allocation leaves it unchanged. */
  nav: Type.String(),
});

/** One zero-hour performance fee accrual (server/broker/README.md "Projects", daily job step 3). */
export const ProfitAccrual = Type.Object({
  projectNo: Type.String(),
  projectName: Type.String(),
  /** The UTC+8 day of the zero-hour record (the fee covers the day before). */
  day: Type.String({ format: 'date' }),
  navBefore: Type.String(),
  hwmBefore: Type.String(),
  amount: Amount,
});

/** Where profit may go: the organisation's sub-accounts on the project's exchange that belong to no project. */
const Destination = Type.Object({ brokerAccountId: Id, exchangeCode: ExchangeCode, subAccountName: Type.String(), accountType: Kind });

const ProjectBody = { projectNo: ProjectNo };
const ExtractFields = { projectNo: ProjectNo, toAccountId: Id, amount: AskedAmount };
const AllotLegs = Type.Array(Strict({ toAccountId: Id, amount: Type.Optional(AskedAmount), percent: Type.Optional(Percent) }), { minItems: 1, maxItems: MAX_ALLOT_LEGS });
/** What a profit code approves: the withdrawal or the allocation, as the call that applies will carry it. */
const ProfitCodeOperation = Type.Union([
  Strict({ kind: Type.Literal('withdraw'), requestId: RequestId, toAccountId: Id, amount: AskedAmount }),
  Strict({ kind: Type.Literal('allot'), requestId: RequestId, mode: StringEnum([...ALLOT_MODES]), total: AskedAmount, legs: AllotLegs }),
]);

export const brokerProfitCalls = {
  /** A project's profit available for withdrawal (POST, spec §7 project/*). */
  '/broker/project/queryWithdrawAvailable': userPost(Strict(ProjectBody), ProfitFund),
  /** An e-mail code (business type brokerWithdraw) to the caller's own e-mail for a profit withdrawal or allocation. */
  '/broker/project/invokeWithdrawalEmailValidation': userPost(
    // `operation`: the withdrawal (addExtractInferiorRecord) or allocation (profitAccrual/apply) the code approves, with
    // the requestId and fields that call will carry (server/broker/code-operations.ts); without it the code confirms neither.
    Strict({ ...ProjectBody, operation: Type.Optional(ProfitCodeOperation) }),
    Type.Object({ uuid: Type.String(), expiresAt: IsoTime }),
  ),
  /** Checks a withdrawal and previews it: nothing is held or written. */
  '/broker/project/submitExtractInferiorRecord': userPost(
    Strict(ExtractFields),
    Type.Object({
      projectNo: Type.String(),
      toAccountId: Id,
      toSubAccountName: Type.String(),
      asset: Type.String(),
      amount: Amount,
      available: Amount,
      availableAfter: Amount,
      profitPayableAfter: Amount,
      /** The NAV per unit now; the withdrawal leaves it unchanged (assets and the liability drop alike). */
      nav: Type.String(),
    }),
  ),
  /** Applies for a withdrawal (second factor brokerWithdraw): the amount is held on the primary futures wallet. Idempotent on requestId. */
  '/broker/project/addExtractInferiorRecord': userPost(
    Strict({ ...ExtractFields, remark: Type.Optional(Remark), requestId: RequestId, ...SecondFactor }),
    ProfitApplication,
  ),
  /** Applies to move the broker's own money from a sub-account into the project (units of its own investor record once approved). */
  '/broker/project/addInferiorTransferRecord': userPost(
    Strict({ projectNo: ProjectNo, fromAccountId: Id, fromWallet: Wallet, amount: AskedAmount, remark: Type.Optional(Remark), requestId: RequestId }),
    ProfitApplication,
  ),
  /** The zero-hour accrual records, newest first. */
  '/broker/profitAccrual/page': userPost(PageQuery({ projectNo: Type.Optional(ProjectNo), ...TimeFields }), Page(ProfitAccrual)),
  /** The profit applications, newest first. */
  '/broker/profitAccrual/pageApplication': userPost(
    PageQuery({ projectNo: Type.Optional(ProjectNo), type: Type.Optional(ProfitApplicationType), status: Type.Optional(ApplicationStatus), ...TimeFields }),
    Page(ProfitApplication),
  ),
  /** Applies for an allocation over 2 or more sub-accounts (amounts or percentages summing to the total; second factor brokerWithdraw). */
  '/broker/profitAccrual/apply': userPost(
    Strict({
      projectNo: ProjectNo,
      mode: StringEnum([...ALLOT_MODES]),
      total: AskedAmount,
      legs: AllotLegs,
      remark: Type.Optional(Remark),
      requestId: RequestId,
      ...SecondFactor,
    }),
    ProfitApplication,
  ),
  /** Approves a profit application (another member; second factor brokerApprove): the money moves, done. */
  '/broker/profitAccrual/approve': userPost(Strict({ applicationId: Id, requestId: RequestId, ...SecondFactor }), ProfitApplication),
  /** Rejects a profit application (another member): the hold is released. */
  /** The checker's decision too: advanced KYC, a bound authenticator and the current Google code (server/broker/checker.ts). */
  '/broker/profitAccrual/reject': userPost(Strict({ applicationId: Id, requestId: RequestId, reason: Type.Optional(Remark), gaCode: Type.Optional(GaCode) }), ProfitApplication),
  /** Accrued, withdrawn and available profit per project (all the organisation's, or one). */
  '/broker/profitAccrual/accrualFund': userGet(Strict({ projectNo: Type.Optional(ProjectNo) }), Type.Array(ProfitFund)),
  /** Where a project's profit may go. */
  '/broker/profitAccrual/accounts': userGet(Strict(ProjectBody), Type.Array(Destination)),
};

export type BrokerProfitCalls = typeof brokerProfitCalls;


/**
 * `profitAccrual/export` (download; not in the spec's list, like its other exports a POST with query parameters):
 * the accrual records (`table=accrual`) or the applications (`table=application`) with the page's filters, as xlsx
 * with the cover block (server/broker/downloads.ts). Not a `call`: its reply is a file.
 */
export const brokerProfitExport = {
  path: '/broker/profitAccrual/export',
  query: Strict({
    table: StringEnum([...PROFIT_EXPORT_TABLES]),
    projectNo: Type.Optional(ProjectNo),
    type: Type.Optional(ProfitApplicationType),
    status: Type.Optional(ApplicationStatus),
    days: Type.Optional(RangeDaysText),
    startTime: Type.Optional(IsoTime),
    endTime: Type.Optional(IsoTime),
  }),
} as const;
