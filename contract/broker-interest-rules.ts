/**
 * Interest settlement and settle bills (invoices) of the broker's projects (spec §4 "Broker states":
 * "Interest: pending interest payment, in application, interest paid"; "Invoice: pending initial review, pending
 * re-review, pending payment, paid"), shared by the sandbox (server/broker/interest) and the app. Plain values only
 * (no schema library), so the app may import them at run time (contract/bundle-boundary.test.ts). The calls are in
 * contract/broker-interest.ts.
 */

import { exportFile } from './broker-rules.ts';

/**
 * The interest state of an accrual (spec §4): `pending_payment` while no bill holds it (never settled, or its bill
 * was rejected), `in_application` while a bill holds it, `paid` once that bill is paid.
 */
export const INTEREST_STATES = ['pending_payment', 'in_application', 'paid'] as const;
export type InterestState = (typeof INTEREST_STATES)[number];

/**
 * The settle bill (invoice) of one settlement (spec §4): pending initial review → pending re-review → pending payment
 * → paid. `rejected` ends a bill at either review (the spec's list names no end for a refused invoice; its accruals
 * go back to pending payment).
 */
export const BILL_STATES = ['pending_initial_review', 'pending_re_review', 'pending_payment', 'paid', 'rejected'] as const;
export type BillState = (typeof BILL_STATES)[number];

/** What a member may do to a bill (interestApply): the two reviews, the rejection at either review, the payment. */
export const BILL_ACTIONS = ['initial_review', 're_review', 'reject', 'pay'] as const;
export type BillAction = (typeof BILL_ACTIONS)[number];

/** The state each action starts from and the state it leaves (maker-checker: see `billRefusal`). */
export const BILL_TRANSITIONS: Record<BillAction, { from: readonly BillState[]; to: BillState }> = {
  initial_review: { from: ['pending_initial_review'], to: 'pending_re_review' },
  re_review: { from: ['pending_re_review'], to: 'pending_payment' },
  reject: { from: ['pending_initial_review', 'pending_re_review'], to: 'rejected' },
  pay: { from: ['pending_payment'], to: 'paid' },
};

/** The actions a bill in this state allows (to anybody; `billRefusal` says whether the caller may take them). */
export function billActions(status: BillState): BillAction[] {
  return BILL_ACTIONS.filter((a) => BILL_TRANSITIONS[a].from.includes(status));
}

/** The interest state of the accruals a bill holds. A rejected bill holds none: they are pending payment again. */
export function interestStateOfBill(status: BillState): InterestState {
  return status === 'paid' ? 'paid' : status === 'rejected' ? 'pending_payment' : 'in_application';
}

/**
 * Why the caller may not take an action now (null: they may). spec §4 maker-checker, as for applications: the
 * initial review is another member's than the applicant's; the re-review is another member's than the initial
 * reviewer's; a rejection at a review follows the same rule as the review it replaces. The payment may be anybody's
 * in the organisation (it needs the second factor).
 */
export type BillRefusal = 'applicant' | 'initialReviewer';
export function billRefusal(action: BillAction, status: BillState, people: { me: number; applicant: number; initialReviewer: number | null }): BillRefusal | null {
  const reviewing = action === 'initial_review' || (action === 'reject' && status === 'pending_initial_review');
  const reReviewing = action === 're_review' || (action === 'reject' && status === 'pending_re_review');
  if (reviewing && people.me === people.applicant) return 'applicant';
  if (reReviewing && people.me === people.initialReviewer) return 'initialReviewer';
  return null;
}

/** The e-mail code the payment needs (fundTransfer/invokeEmailValidation), with the Google code when bound (spec §6). */
export const BROKER_INTEREST_CODE_TYPE = 'brokerInterest';

/** The longest remark of a settlement, a review or a rejection. */
export const MAX_BILL_REMARK = 200;

/** Interest is paid in the project's asset; the sandbox's projects are USDT only. */
export const INTEREST_ASSET = 'USDT';
/** The project's wallet the interest leaves from (its primary sub-account's futures wallet, where the capital is). */
export const INTEREST_WALLET = 'futures';

/** spec §7 "Downloads": Chinese file names (the broker manager is zh-HK); `{{day}}` is YYYYMMDD (UTC+8), `{{billNo}}` the bill. */
export const INTEREST_EXPORT_FILES = {
  settleBills: exportFile('結算帳單', 'settle-bills'),
  settleBill: exportFile('結算帳單', 'settle-bill', 'billNo'),
  investorInterest: exportFile('投資者利息', 'investor-interest'),
  interestRecords: exportFile('利息記錄', 'interest-records'),
} as const;
