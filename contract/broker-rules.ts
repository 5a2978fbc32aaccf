/**
 * Broker portal rules shared by the sandbox (server/broker) and the app (src/features/broker). Plain values
 * only (no schema library), so the app may import them at run time (contract/bundle-boundary.test.ts).
 */

import type { BrokerExchange } from './exchanges.ts';

/**
 * spec §7 "Downloads": an export's file name, Chinese (the broker manager is always zh-HK) and its ASCII form, each
 * ending `-{{day}}.xlsx` (YYYYMMDD, UTC+8) or, with a `stamp`, `-{{stamp}}.xlsx` (filled in where it is downloaded).
 */
export function exportFile<const Z extends string, const A extends string, const S extends string = 'day'>(zh: Z, ascii: A, stamp: S = 'day' as S) {
  return { fileName: `${zh}-{{${stamp}}}.xlsx`, asciiName: `${ascii}-{{${stamp}}}.xlsx` } as { readonly fileName: `${Z}-{{${S}}}.xlsx`; readonly asciiName: `${A}-{{${S}}}.xlsx` };
}

export { BROKER_EXCHANGES, DEFAULT_EXCHANGE, isBrokerExchange, type BrokerExchange } from './exchanges.ts';

/** spec §3 "Partnership sub-account kinds". */
export const SUB_ACCOUNT_KINDS = ['regular', 'custodial', 'asset_management'] as const;
export type SubAccountKind = (typeof SUB_ACCOUNT_KINDS)[number];

/** The wallets of a sub-account (spec §7: account/capital/spotPage, fundingPage, earnPage, futuresPage). */
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

/** spec §4 broker states. */
export const APPLICATION_STATES = ['applying', 'approved', 'rejected', 'done'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** spec §4 operation log types: each kind with the suffix _apply, _approved or _rejected. */
export const OPERATION_KINDS = ['inferior_transfer', 'loan', 'repayment', 'inferior_extract', 'funds_allot'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];
export const OPERATION_SUFFIXES = ['apply', 'approved', 'rejected'] as const;
export type OperationType = `${OperationKind}_${(typeof OPERATION_SUFFIXES)[number]}`;
export const OPERATION_TYPES: readonly OperationType[] = OPERATION_KINDS.flatMap((k) => OPERATION_SUFFIXES.map((s) => `${k}_${s}` as const));

/**
 * Per exchange (spec §6 "API key permissions … varying per exchange"; the sandbox's table, after each exchange's own
 * sub-account API): which key permissions it offers, which sub-account kinds (spec §3) it opens, whether the
 * provider has configured a master-account API there (account/checkIsExistMasterApi; without one no sub-account
 * can be added), how many sub-accounts an organisation may hold there, how many keys a sub-account may hold, and
 * whether a key needs a passphrase (okx, bitget, kucoin and coinbaseinternational sign with one).
 */
export interface BrokerExchangeRule {
  permissions: readonly ApiKeyPermission[];
  kinds: readonly SubAccountKind[];
  masterApi: boolean;
  maxSubAccounts: number;
  maxKeysPerAccount: number;
  passphrase: boolean;
}

export const BROKER_EXCHANGE_RULES: Record<BrokerExchange, BrokerExchangeRule> = {
  // Binance: Enable Reading, Spot & Margin Trading, Futures, Permits Universal Transfer, Withdrawals.
  binance: { permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'], kinds: ['regular', 'custodial', 'asset_management'], masterApi: true, maxSubAccounts: 200, maxKeysPerAccount: 30, passphrase: false },
  // OKX: read_only, trade, withdraw.
  okx: { permissions: ['read', 'trade', 'withdraw'], kinds: ['regular', 'custodial', 'asset_management'], masterApi: true, maxSubAccounts: 1000, maxKeysPerAccount: 50, passphrase: true },
  // Bybit: read, Spot trade, Contract orders and positions, Wallet transfer, Withdraw.
  bybit: { permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'], kinds: ['regular', 'custodial'], masterApi: true, maxSubAccounts: 1000, maxKeysPerAccount: 20, passphrase: false },
  // CoinEx: read, trade, withdraw.
  coinex: { permissions: ['read', 'trade', 'withdraw'], kinds: ['regular'], masterApi: true, maxSubAccounts: 100, maxKeysPerAccount: 10, passphrase: false },
  // Gate: read, spot, futures, transfer (wallet), withdraw.
  gate: { permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'], kinds: ['regular', 'asset_management'], masterApi: true, maxSubAccounts: 200, maxKeysPerAccount: 20, passphrase: false },
  // Bitget: read-only, trade, transfer, withdraw.
  bitget: { permissions: ['read', 'trade', 'transfers', 'withdraw'], kinds: ['regular', 'asset_management'], masterApi: true, maxSubAccounts: 200, maxKeysPerAccount: 10, passphrase: true },
  // KuCoin: General, Spot trading, Futures trading, Transfer, Withdrawal.
  kucoin: { permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'], kinds: ['regular'], masterApi: true, maxSubAccounts: 100, maxKeysPerAccount: 20, passphrase: true },
  // Coinbase International: View, Trade, Transfer (no withdrawal permission through a portfolio key); the provider
  // has not configured a master API there, so no sub-account can be added (the refusal path of checkIsExistMasterApi).
  coinbaseinternational: { permissions: ['read', 'trade', 'transfers'], kinds: ['regular'], masterApi: false, maxSubAccounts: 50, maxKeysPerAccount: 10, passphrase: true },
};

/** A sub-account's name on its exchange (like okx `subAcct`, binance's sub-account tag): 4–32 letters, digits, `_ . -`. */
export const SUB_ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{3,31}$/;
/** A key's passphrase where the exchange signs with one: 8–32 characters, no spaces. */
export const KEY_PASSPHRASE_PATTERN = /^\S{8,32}$/;
/** The screens warn this many days before an unbound key expires (spec §9 countdown). */
export const KEY_EXPIRY_WARN_DAYS = 14;

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIpv6(text: string): boolean {
  if (text.length > 45 || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  let body = text;
  // An embedded IPv4 address stands for the last two groups (::ffff:192.0.2.1).
  const lastColon = body.lastIndexOf(':');
  if (body.includes('.')) {
    if (!isIpv4(body.slice(lastColon + 1))) return false;
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const group = /^[0-9A-Fa-f]{1,4}$/;
  const split = (half: string) => (half === '' ? [] : half.split(':'));
  const head = split(halves[0]!);
  const tail = halves.length === 2 ? split(halves[1]!) : [];
  if (![...head, ...tail].every((g) => group.test(g))) return false;
  const groups = head.length + tail.length;
  return halves.length === 2 ? groups <= 7 : groups === 8;
}

/** Whether the text is one IPv4 or IPv6 address (no ranges, no zone). */
export function isIpAddress(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

/** Why a bound-IP text is refused (the `rule` of the 400 that names `ipList`). */
export type IpListRule = 'length' | 'count' | 'format' | 'duplicate';

/**
 * spec §5: the bound-IP text, comma-separated (also read as space-separated), at most 500 characters and 20
 * addresses, each IPv4 or IPv6. The addresses in order, or the first rule broken with the offending entry.
 */
export function parseIpList(text: string): { ok: true; ips: string[] } | { ok: false; rule: IpListRule; entry?: string } {
  if (text.length > MAX_IP_TEXT) return { ok: false, rule: 'length' };
  const ips = text.split(/[\s,]+/).filter((s) => s !== '');
  if (ips.length > MAX_BOUND_IPS) return { ok: false, rule: 'count' };
  const seen = new Set<string>();
  for (const ip of ips) {
    if (!isIpAddress(ip)) return { ok: false, rule: 'format', entry: ip };
    const key = ip.toLowerCase();
    if (seen.has(key)) return { ok: false, rule: 'duplicate', entry: ip };
    seen.add(key);
  }
  return { ok: true, ips };
}

/**
 * spec §6: withdraw requires a bound IP and implies read. The permissions as granted (read added where withdraw is
 * asked, in the order of API_KEY_PERMISSIONS), or the rule broken.
 */
export function grantedPermissions(
  exchange: BrokerExchange,
  asked: readonly ApiKeyPermission[],
  boundIps: number,
): { ok: true; permissions: ApiKeyPermission[] } | { ok: false; rule: 'empty' | 'notOffered' | 'withdrawNeedsIp'; permission?: ApiKeyPermission } {
  if (asked.length === 0) return { ok: false, rule: 'empty' };
  const offered = BROKER_EXCHANGE_RULES[exchange].permissions;
  const missing = asked.find((p) => !offered.includes(p));
  if (missing) return { ok: false, rule: 'notOffered', permission: missing };
  if (asked.includes('withdraw') && boundIps === 0) return { ok: false, rule: 'withdrawNeedsIp' };
  const set = new Set(asked);
  if (set.has('withdraw')) set.add('read');
  return { ok: true, permissions: API_KEY_PERMISSIONS.filter((p) => set.has(p)) };
}
