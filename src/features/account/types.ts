import type { UserInfo } from '../../lib/session/index.ts';

/** spec §4 KYC states. */
export type KycStatus = 'review' | 'Certified' | 'unCertified';

/** spec §4 withdrawal ban reasons 1–6: wrong password, wrong e-mail code, wrong Google code, password change, e-mail change, Google rebind. */
export type WithdrawBanReason = 1 | 2 | 3 | 4 | 5 | 6;

export interface WithdrawBan {
  reason: WithdrawBanReason;
  createdAt: string;
  until: string;
}

/** Why an operation is off (spec §6): operations switch, KYC level, Google authenticator, freeze, withdrawal ban. */
export type DisabledReason = 'operations' | 'kycBasic' | 'kycAdvanced' | 'gaRequired' | 'frozen' | 'withdrawBan';

/** Per operation (withdrawCoin, convertCoin, otc, …): allowed, or the reason it is not (from getUserMenu). */
export type Permissions = Record<string, { enabled: boolean; reason: DisabledReason | null }>;

/** GET /institution/getUserInfo as the sandbox answers it; every field optional, read defensively. */
export type AccountUserInfo = UserInfo & {
  userId?: number;
  email?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  areaCode?: string | null;
  phone?: string | null;
  whatsapp?: string | null;
  telegram?: string | null;
  preferredLanguage?: string;
  verificationType?: string;
  gaBound?: boolean;
  phoneBound?: boolean;
  /** Heads every e-mail to the account (server/api/README.md "Sessions"); null when not set. */
  antiPhishingCode?: string | null;
  kyc?: { basic?: KycStatus | null; advanced?: KycStatus | null };
  frozen?: boolean;
  withdrawBans?: WithdrawBan[];
  createdAt?: string;
  /** From getUserMenu, kept beside the info so every screen can ask "may I?" (spec §6). */
  permissions?: Permissions;
};

export interface LoginHistoryRow {
  id: number;
  loginTime: string;
  ip: string | null;
  userAgent: string | null;
  source: string | null;
}

export interface LoginHistoryPage {
  list: LoginHistoryRow[];
  total: number;
  pageNum: number;
  pageSize: number;
}
