import Type from 'typebox';
import { Amount, Id, IsoTime, Strict, StringEnum, Text, Nullable } from '../schema.ts';
import { BROKER_EXCHANGES, SUB_ACCOUNT_KINDS } from '../broker-rules.ts';
import { APPLY_RECORD_TYPES, FLOW_DIRECTIONS, INVESTOR_NAME_MAX, INVESTOR_NAME_MIN, PROJECT_STATUSES } from '../broker-projects-rules.ts';

// The shapes of the projects calls (contract/broker-projects.ts, which composes the calls).

export const ExchangeCode = StringEnum([...BROKER_EXCHANGES]);
/** A project's number: P + YYYYMMDD + 4 digits. */
export const ProjectNo = Type.String({ pattern: '^P\\d{12}$' });
/** A UTC+8 calendar day. */
export const Day = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });
/** A rate as a decimal fraction, at most 4 decimals (0.0525 = 5.25 %); the ranges are checked after (400 with the field). */
export const Rate = Type.String({ pattern: '^(0|1)(\\.\\d{1,4})?$' });
/** A USDT amount asked for: up to 18 integer digits and 8 decimals. */
export const UsdtAmount = Type.String({ pattern: '^(0|[1-9]\\d{0,17})(\\.\\d{1,8})?$', maxLength: 27 });
/** Units asked for: 8 decimals. */
export const UnitsAmount = Type.String({ pattern: '^(0|[1-9]\\d{0,17})(\\.\\d{1,8})?$', maxLength: 27 });
/** A signed decimal. */
export const SignedAmount = Type.String({ pattern: '^-?(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$' });
export const GaCode = Type.String({ pattern: '^\\d{6}$' });
/** spec §5: the e-mail format (contract/rules.ts isEmailFormat) is checked after the shape. */
export const Email = Type.String({ minLength: 3, maxLength: 254 });

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
export const NewInvestor = Strict({ name: Text(INVESTOR_NAME_MIN, INVESTOR_NAME_MAX), email: Email });

/** The redemption asked for: either units or a USDT amount (the fewest units paying at least that). */
export const RedeemFields = {
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

export const ProjectFilter = {
  status: Type.Optional(ProjectStatusName),
  exchangeCode: Type.Optional(ExchangeCode),
  /** Number or name, at most 40 characters. */
  keyword: Type.Optional(Text(1, 40)),
};
