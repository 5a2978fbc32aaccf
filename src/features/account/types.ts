import type { AccountCalls } from '../../../contract/account.ts';
import type { ReplyOf } from '../../../contract/call.ts';
import type { DisabledReason, KycStatus } from '../../../contract/rules.ts';
import type { UserInfo } from '../../lib/session/index.ts';

// The account's replies, typed from contract/account.ts (types only).
type UserInfoReply = ReplyOf<AccountCalls['/institution/getUserInfo']>;
type UserMenu = ReplyOf<AccountCalls['/menu/getUserMenu']>;

/** spec §4 KYC states. */
export type { KycStatus };

/** spec §4 withdrawal ban reasons 1–6: wrong password, wrong e-mail code, wrong Google code, password change, e-mail change, Google rebind. */
export type WithdrawBan = UserInfoReply['withdrawBans'][number];
export type WithdrawBanReason = WithdrawBan['reason'];

/** Why an operation is off (spec §6): operations switch, KYC level, Google authenticator, freeze, withdrawal ban. */
export type { DisabledReason };

/** Per operation (withdrawCoin, convertCoin, otc, …): allowed, or the reason it is not (from getUserMenu). */
export type Permissions = UserMenu['permissions'];

/**
 * GET /institution/getUserInfo as the session keeps it. It is stored in the browser and read back at start-up
 * (spec §3 "Stored keys"), possibly from an older version, so every field is optional and read defensively.
 */
export type AccountUserInfo = UserInfo &
  Partial<UserInfoReply> & {
    /** From getUserMenu, kept beside the info so every screen can ask "may I?" (spec §6). */
    permissions?: Permissions;
  };

export type LoginHistoryPage = ReplyOf<AccountCalls['/institution/loginInfoList']>;
export type LoginHistoryRow = LoginHistoryPage['list'][number];
