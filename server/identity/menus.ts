import type { DisabledReason } from '../../contract/rules.ts';
import type { WithdrawBan } from './bans.ts';
import type { KycState } from './kyc.ts';
import type { UserRow } from './users.ts';

export const operationsFeatures = ['loan', 'wallet', 'recharge', 'withdraw', 'convert', 'fiatWithdraw'] as const;

/**
 * The user menu (spec §6: permissions come from the menu loaded after login and from flags).
 * Each entry is enabled or carries the reason it is not, so the client can say why:
 * - `operations`: switched off by the provider's operations (loan, wallet, recharge, withdrawal, convert,
 *   fiat withdrawal) — "contact the provider";
 * - `kycBasic` / `kycAdvanced`: needs that KYC level (basic unlocks crypto deposit, withdrawal and convert;
 *   advanced unlocks fiat; OTC needs advanced);
 * - `gaRequired`: needs a bound Google authenticator (convert);
 * - `frozen`: the account is frozen (withdrawals and exchange off, spec §4);
 * - `withdrawBan`: a timed withdrawal ban is running (spec §4 reasons 1–6; see `withdrawBans`).
 * The reasons are contract/rules.ts `DISABLED_REASONS`; the reply is `/menu/getUserMenu` of contract/account.ts.
 */
export interface MenuItem {
  code: string;
  path: string;
  enabled: boolean;
  reason: DisabledReason | null;
  children: MenuItem[];
}

export interface UserMenu {
  menus: MenuItem[];
  /** The same decisions, flat, for guards and buttons. */
  permissions: Record<string, { enabled: boolean; reason: DisabledReason | null }>;
  withdrawBans: WithdrawBan[];
}

export function buildUserMenu(user: UserRow, kyc: KycState, bans: WithdrawBan[]): UserMenu {
  const off = new Set(user.disabled_features);
  const basic = kyc.basic.status === 'Certified';
  const advanced = kyc.advanced.status === 'Certified';
  const frozen = user.frozen_at !== null;
  const ga = user.ga_secret !== null;
  /** The first reason that applies, in the order a person would fix them. */
  const decide = (...checks: Array<[boolean, DisabledReason]>) => {
    const failed = checks.find(([passes]) => !passes);
    return { enabled: !failed, reason: failed ? failed[1] : null };
  };
  const permissions = {
    wallet: decide([!off.has('wallet'), 'operations']),
    rechargeCoin: decide([!off.has('wallet') && !off.has('recharge'), 'operations'], [basic, 'kycBasic']),
    rechargeFiat: decide([!off.has('wallet') && !off.has('recharge'), 'operations'], [advanced, 'kycAdvanced']),
    withdrawCoin: decide(
      [!off.has('wallet') && !off.has('withdraw'), 'operations'],
      [basic, 'kycBasic'],
      [!frozen, 'frozen'],
      [bans.length === 0, 'withdrawBan'],
    ),
    withdrawFiat: decide(
      [!off.has('wallet') && !off.has('withdraw') && !off.has('fiatWithdraw'), 'operations'],
      [advanced, 'kycAdvanced'],
      [!frozen, 'frozen'],
      [bans.length === 0, 'withdrawBan'],
    ),
    convertCoin: decide([!off.has('convert'), 'operations'], [basic, 'kycBasic'], [!frozen, 'frozen'], [ga, 'gaRequired']),
    convertFiat: decide([!off.has('convert'), 'operations'], [advanced, 'kycAdvanced'], [!frozen, 'frozen'], [ga, 'gaRequired']),
    otc: decide([advanced, 'kycAdvanced'], [!frozen, 'frozen']),
    loan: decide([!off.has('loan'), 'operations']),
    trading: decide(),
    record: decide(),
    account: decide(),
  };
  type Decision = { enabled: boolean; reason: DisabledReason | null };
  const lookup = permissions as Record<string, Decision | undefined>;
  /** A menu entry; its permission is the one of the same code unless given. */
  const leaf = (code: string, path: string, decision: Decision = lookup[code] ?? decide()): MenuItem => ({
    code,
    path,
    enabled: decision.enabled,
    reason: decision.reason,
    children: [],
  });
  const group = (code: string, path: string, children: MenuItem[], decision: Decision = decide()): MenuItem => ({
    ...leaf(code, path, decision),
    children,
  });
  const menus: MenuItem[] = [
    leaf('home', 'home'),
    group('wallet', 'wallet', [
      leaf('overview', 'wallet/overview', permissions.wallet),
      leaf('rechargeCoin', 'wallet/recharge/coin'),
      leaf('rechargeFiat', 'wallet/recharge/fiat'),
      leaf('withdrawCoin', 'wallet/withdraw/coin'),
      leaf('withdrawFiat', 'wallet/withdraw/fiat'),
      leaf('address', 'wallet/address/coinAddress', permissions.wallet),
    ], permissions.wallet),
    leaf('record', 'record'),
    // spec §2 has one convert page (convert/coin); its fiat tab is the `tab` search parameter.
    group('convert', 'convert', [leaf('convertCoin', 'convert/coin'), leaf('convertFiat', 'convert/coin?tab=fiat')], permissions.convertCoin),
    leaf('otc', 'otc'),
    leaf('trading', 'trading'),
    leaf('loan', 'loan'),
    group('account', 'account', [
      leaf('information', 'account/information'),
      leaf('safe', 'account/safe'),
      leaf('freeze', 'account/freeze'),
      leaf('hitory', 'account/hitory'),
      leaf('kyc', 'account/kyc'),
    ]),
  ];
  return { menus, permissions, withdrawBans: bans };
}
