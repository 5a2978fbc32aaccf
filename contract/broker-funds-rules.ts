/**
 * Transfers, withdrawals and approvals of the broker portal (spec §4 "Broker states"), shared by the sandbox
 * (server/broker/funds.ts) and the app. Plain values only (no schema library), so the app may import them at run
 * time (contract/bundle-boundary.test.ts). The calls are in contract/broker-funds.ts.
 */
import { exportFile, type OperationKind } from './broker-rules.ts';

/**
 * What an application moves (spec §4 "transfers, withdrawals and extractions"):
 * - `transfer`: between two sub-accounts on the same exchange, or between two wallets of one;
 * - `withdraw`: out of a sub-account to a whitelisted address (spec §5). To a `broker` address it goes on chain
 *   (`chain:<network>`, less the network fee); to a `master` address it is an extraction to the master account on
 *   the exchange (`exchange:<code>`, no fee).
 */
export const APPLICATION_TYPES = ['transfer', 'withdraw'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** The operation log kind (spec §4) each application type writes, with _apply, _approved or _rejected. */
export const OPERATION_KIND_OF: Record<ApplicationType, OperationKind> = { transfer: 'inferior_transfer', withdraw: 'inferior_extract' };

/**
 * E-mail codes of the broker's money calls (fundTransfer/invokeEmailValidation; sent to the caller's own e-mail):
 * applying for a withdrawal, approving any application, creating (and taking the secret of) an API key with the
 * transfers or withdraw permission, a project's capital decrease (`brokerRedeem`, financing/decreaseCapital), paying
 * a settle bill (`brokerInterest`, interestApply), unbinding a sub-account that holds money (`brokerUnbind`). Each call takes only a code of its own business type, with the current
 * Google code when an authenticator is bound.
 */
export const BROKER_CODE_TYPES = ['brokerWithdraw', 'brokerApprove', 'brokerApiKey', 'brokerRedeem', 'brokerInterest', 'brokerUnbind'] as const;
export type BrokerCodeType = (typeof BROKER_CODE_TYPES)[number];

/** Deposit-withdraw records (account/bill/page): a sub-account's deposits and its withdrawal applications. */
export const BILL_TYPES = ['deposit', 'withdraw'] as const;
export type BillType = (typeof BILL_TYPES)[number];

/** The longest remark on an application, and on a rejection. */
export const MAX_APPLICATION_REMARK = 200;

/** spec §7 "Downloads": the exports' file names are Chinese (the broker manager is always zh-HK); `{{day}}` is YYYYMMDD (UTC+8). */
export const BROKER_EXPORT_FILES = {
  bill: exportFile('充提幣記錄', 'deposit-withdraw-records'),
  operations: exportFile('操作記錄', 'operation-records'),
} as const;
/** The exports write times in Hong Kong time (UTC+8), like every broker page. */
export const BROKER_EXPORT_TIME_ZONE = 'Asia/Hong_Kong';
