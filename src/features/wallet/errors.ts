import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { Code } from '../../../contract/codes.ts';
import { errorData, isApiError } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { describeError, withdrawBanMessage, type FormError } from '../account/shared.ts';
import { helpArticleFor, type HelpArea } from '../help/shared.ts';

const plain = (value: string | null | undefined): string => {
  const raw = value ?? '';
  return raw && /^-?\d+(\.\d+)?$/.test(raw) ? new Decimal(raw).toFixed() : raw;
};

/**
 * A wallet call's refusal in the person's language (contract/codes.ts 10101, 10200–10211 — 'Bank Code Not Found', the 24 hours' withdrawal limit and the whitelist's cooling-off among them — and the KYC,
 * Google-authenticator and withdrawal-ban refusals of spec §6, §8), with the field it belongs to where
 * there is one and the help article of the refusal in its `area`; anything else as the account screens describe it.
 */
export function describeWalletError(t: TFunction, error: unknown, fields: Record<string, string> = {}, area: HelpArea = 'withdraw'): FormError {
  if (!isApiError(error)) return describeError(t, error, fields, area);
  const help = helpArticleFor(error.code, area);
  const on = (field: string | null, message: string): FormError => ({ field: field === null ? null : (fields[field] ?? field), message, help });
  switch (error.code) {
    case Code.insufficientBalance:
      return on('amount', t('wallet:errors.insufficient'));
    case Code.serviceSuspended:
      return on(null, t('wallet:errors.suspended'));
    case Code.withdrawRestricted: {
      const bans = errorData(error, Code.withdrawRestricted)?.bans ?? [];
      const messages = bans.map((ban) => withdrawBanMessage(t, ban, (iso) => formatDateTime(iso, { zone: true })));
      return on(null, messages.length > 0 ? messages.join(' ') : t('wallet:errors.restricted'));
    }
    case Code.whitelistOnly:
      return on('address', t('wallet:errors.whitelistOnly'));
    case Code.addressLocked:
      return on('address', t('wallet:errors.addressLocked', { time: formatDateTime(errorData(error, Code.addressLocked)?.unlockAt ?? '', { zone: true }) }));
    case Code.amountBelowFee:
      return on('amount', t('wallet:errors.belowFee', { fee: plain(errorData(error, Code.amountBelowFee)?.fee) }));
    case Code.amountOutOfRange: {
      const data = errorData(error, Code.amountOutOfRange);
      return on('amount', t('wallet:errors.outOfRange', { min: plain(data?.min), max: plain(data?.max) }));
    }
    case Code.bankCodeNotFound:
      return on('bankCode', t('wallet:errors.bankCodeNotFound'));
    case Code.withdrawDailyLimit: {
      const data = errorData(error, Code.withdrawDailyLimit);
      const figures = { limit: plain(data?.dailyLimit), used: plain(data?.used), remaining: plain(data?.remaining) };
      return on('amount', data?.resetsAt ? t('wallet:errors.dailyLimit', { ...figures, time: formatDateTime(data.resetsAt, { zone: true }) }) : t('wallet:errors.dailyLimitNow', figures));
    }
    case Code.whitelistCoolingOff:
      return on('address', t('wallet:errors.whitelistCoolingOff', { time: formatDateTime(errorData(error, Code.whitelistCoolingOff)?.endsAt ?? '', { zone: true }) }));
    case Code.walletState:
      return on(null, t('wallet:errors.state'));
    case Code.requestIdReused:
      return on(null, t('wallet:errors.requestIdReused'));
    case Code.addressExists:
      return on('address', t('wallet:errors.addressExists'));
    case Code.kycState:
      return on(null, t(errorData(error, Code.kycState)?.level === 'advanced' ? 'wallet:errors.kycAdvanced' : 'wallet:errors.kycBasic'));
    case Code.gaState:
      return on(null, t('wallet:errors.gaRequired'));
    default:
      return describeError(t, error, fields, area);
  }
}

/** A described refusal as FormMessage's properties: its words and the article that explains it. */
export const errorMessage = (described: FormError): { text: string; help: FormError['help'] } => ({ text: described.message, help: described.help });
