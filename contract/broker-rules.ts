/**
 * Broker portal rules shared by the sandbox (server/broker) and the app (src/features/broker). Plain values
 * only (no schema library), so the app may import them at run time (contract/bundle-boundary.test.ts).
 */

/** spec §1: the third-party exchanges a broker's sub-accounts live on; binance is the default exchangeCode. */
export const BROKER_EXCHANGES = ['binance', 'okx', 'bybit', 'coinex', 'gate', 'bitget', 'kucoin', 'coinbaseinternational'] as const;
export type BrokerExchange = (typeof BROKER_EXCHANGES)[number];
export const DEFAULT_EXCHANGE: BrokerExchange = 'binance';

export function isBrokerExchange(value: unknown): value is BrokerExchange {
  return typeof value === 'string' && (BROKER_EXCHANGES as readonly string[]).includes(value);
}

/** spec §3 "Partnership sub-account kinds". */
export const SUB_ACCOUNT_KINDS = ['regular', 'custodial', 'asset_management'] as const;
export type SubAccountKind = (typeof SUB_ACCOUNT_KINDS)[number];

/** The wallets of a sub-account (issue 14: account/capital/spotPage, fundingPage, earnPage, futuresPage). */
export const BROKER_WALLETS = ['spot', 'funding', 'earn', 'futures'] as const;
export type BrokerWallet = (typeof BROKER_WALLETS)[number];

/** spec §6: API key permissions, varying per exchange. Withdraw requires IP binding and implies read. */
export const API_KEY_PERMISSIONS = ['read', 'trade', 'spot', 'contracts', 'transfers', 'withdraw'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** spec §5, §9: at most 20 bound IPs, IP text and remark at most 500 characters. */
export const MAX_BOUND_IPS = 20;
export const MAX_IP_TEXT = 500;
export const MAX_REMARK = 500;
/** spec §9: an API key with no bound IP is valid 3 months. */
export const UNBOUND_KEY_VALID_MONTHS = 3;

/** spec §9 time-range choices, in days. */
export const BROKER_TIME_RANGES = [7, 30, 90, 180, 365] as const;
export type BrokerTimeRange = (typeof BROKER_TIME_RANGES)[number];

/** spec §4 broker states. */
export const APPLICATION_STATES = ['applying', 'approved', 'rejected', 'done'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** spec §4 operation log types: each kind with the suffix _apply, _approved or _rejected. */
export const OPERATION_KINDS = ['inferior_transfer', 'loan', 'repayment', 'inferior_extract', 'funds_allot'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];
export const OPERATION_SUFFIXES = ['apply', 'approved', 'rejected'] as const;
export type OperationType = `${OperationKind}_${(typeof OPERATION_SUFFIXES)[number]}`;
export const OPERATION_TYPES: readonly OperationType[] = OPERATION_KINDS.flatMap((k) => OPERATION_SUFFIXES.map((s) => `${k}_${s}` as const));
