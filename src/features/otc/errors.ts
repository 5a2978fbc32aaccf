import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes.ts';
import { errorData, isApiError } from '../../lib/api/index.ts';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import type { QuoteError, QuoteEffect, Side } from '../convert/shared.ts';
import { describeWalletError } from '../wallet/shared.ts';
import { utcText } from './desk-hours.ts';
import type { PriceUnit } from '../../../contract/otc-limit-rules.ts';
import type { FieldIssue } from '../../components/form/index.ts';
import { bandIssue } from './limit-form.ts';

type AmountField = 'fromAmount' | 'toAmount';

const usd = (value: string | undefined): string => formatQuantity(value || '0');

/** When the desk opens, in the person's zone and in UTC (the desk's own clock), after `first` (a sentence saying it is closed). */
export function opensText(t: TFunction, first: string, iso: string): string {
  const second = t('otc:terms.opensAt', { local: formatDateTime(iso, { zone: true }), utc: utcText(iso) });
  // Sentences follow each other with a space in English and without one in Chinese.
  return t('otc:terms.sentences', { first, second });
}

/** The USD value a refusal below the minimum names (10256 data.usdValue), for the form's "worth about" line. */
export function belowMinimumValue(error: unknown): string | null {
  return errorData(error, Code.otcBelowMinimum)?.usdValue || null;
}

/**
 * The sandbox's refusal of a delegated limit outside the desk's band (400, limitPrice `priceBand`, its facts in the
 * trader's unit: contract/otc-limit-rules.ts), as the issue beside the limit in the unit the person reads; null
 * for any other refusal.
 */
export function limitBandRefusal(error: unknown, unit: PriceUnit): FieldIssue | null {
  const data = errorData(error, Code.badRequest);
  if (data?.field !== 'limitPrice' || data.rule !== 'priceBand') return null;
  const { bandPercent, reference, lowest, highest, base, quote } = data;
  if (!bandPercent || !reference || !lowest || !highest || !base || !quote) return null;
  return bandIssue({ bandPercent, reference, lowest, highest, base, quote }, unit);
}

/**
 * An OTC call's refusal in the person's language (server/README.md "OTC": 10255 closed with when it opens,
 * 10256 below the 200,000 USD minimum with this amount's value, 10253 'Quote limit exceeded: contact the
 * operations manager', 10250/10251 expired or used, 10254, 10257, 10010 advanced KYC, 10011 frozen, 10101),
 * beside the amount it concerns where there is one. Anything else as the wallet describes it. Plain text.
 */
export function describeOtcError(t: TFunction, error: unknown, typed: Side = 'from'): QuoteError {
  const typedField: AmountField = typed === 'from' ? 'fromAmount' : 'toAmount';
  const on = (field: AmountField | null, message: string, effect: QuoteEffect = null): QuoteError => ({ field, message, effect });
  if (!isApiError(error)) return on(null, describeWalletError(t, error).message);
  switch (error.code) {
    case Code.otcClosed:
      return on(null, opensText(t, t('otc:errors.closed'), errorData(error, Code.otcClosed)?.nextOpenAt ?? ''), 'terms');
    case Code.otcBelowMinimum: {
      const data = errorData(error, Code.otcBelowMinimum);
      return on(typedField, t('otc:errors.belowMinimum', { min: usd(data?.minUsd), value: usd(data?.usdValue) }));
    }
    case Code.quoteLimitExceeded:
      return on(null, t('otc:errors.quoteLimit', { limit: usd(errorData(error, Code.quoteLimitExceeded)?.quoteLimitUsd) }));
    case Code.quoteExpired:
      return on(null, t('otc:errors.quoteExpired'), 'expired');
    case Code.quoteUsed:
      return on(null, t('otc:errors.quoteUsed'), 'used');
    case Code.quoteUnavailable:
      return on(typedField, t('otc:errors.quoteUnavailable'));
    case Code.otcOrderState:
      return on(null, t('otc:errors.orderState', { status: t(`otc:status.${errorData(error, Code.otcOrderState)?.status || 'open'}`) }));
    case Code.insufficientBalance: {
      const data = errorData(error, Code.insufficientBalance);
      return on('fromAmount', t('otc:errors.insufficient', { available: formatQuantity(data?.available || '0'), asset: data?.asset ?? '' }));
    }
    case Code.kycState:
      return on(null, t('otc:errors.kycAdvanced'), 'permissions');
    case Code.frozen:
      return on(null, t('otc:errors.frozen'), 'permissions');
    case Code.sendLimited:
      return on(null, t('otc:errors.rateLimited'));
    case Code.badRequest: {
      const data = errorData(error, Code.badRequest);
      const field = data?.field === 'fromAmount' || data?.field === 'toAmount' ? data.field : null;
      if (field && data?.rule === 'decimals') return on(field, t('otc:errors.decimalsServer'));
      if (field && data?.rule === 'positive') return on(field, t('otc:errors.positive'));
      return on(null, describeWalletError(t, error).message);
    }
    default:
      return on(null, describeWalletError(t, error).message);
  }
}
