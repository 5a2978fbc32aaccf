import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes.ts';
import { errorData, isApiError } from '../../lib/api/index.ts';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import { usdText } from './format.ts';
import type { FormError } from '../account/shared.ts';
import { helpArticleFor } from '../help/shared.ts';
import { describeWalletError } from '../wallet/shared.ts';
import type { Side } from './convert-form.ts';

/**
 * What the page does besides showing the message: mark the quote expired or used, reload the disabled pairs,
 * the permissions or (the OTC desk) its terms and hours.
 */
export type ConvertEffect = 'expired' | 'used' | 'pairs' | 'permissions' | 'terms' | null;
export type AmountField = 'fromAmount' | 'toAmount';
export interface ConvertError extends FormError {
  field: AmountField | null;
  effect: ConvertEffect;
  /** The asset whose balance is short (10101): the form offers its deposit (spec §8 "Insufficient Balance"). */
  shortOf?: string;
}

const amountField = (value: unknown, fallback: AmountField): AmountField => (value === 'fromAmount' || value === 'toAmount' ? value : fallback);

/**
 * A convert call's refusal in the person's language (server/README.md "Convert": 10250–10254, the
 * permission refusals 10200, 10010, 10011, 10007, the range 10205 and the balance 10101), with the amount
 * field it belongs beside where there is one, and the help article of the refusal (spec §1 help centre).
 * Anything else as the wallet and account screens describe it. Server messages are never rendered as markup:
 * the result is plain text.
 */
export function describeConvertError(t: TFunction, error: unknown, typed: Side = 'from'): ConvertError {
  const typedField: AmountField = typed === 'from' ? 'fromAmount' : 'toAmount';
  const help = isApiError(error) ? helpArticleFor(error.code, 'convert') : undefined;
  const on = (field: AmountField | null, message: string, effect: ConvertEffect = null): ConvertError => ({ field, message, effect, help });
  if (!isApiError(error)) return on(null, describeWalletError(t, error).message);
  switch (error.code) {
    case Code.quoteExpired:
      return on(null, t('convert:errors.quoteExpired'), 'expired');
    case Code.quoteUsed:
      return on(null, t('convert:errors.quoteUsed'), 'used');
    case Code.pairDisabled: {
      const data = errorData(error, Code.pairDisabled);
      return on(null, t('convert:errors.pairDisabled', { from: data?.fromAsset ?? '', to: data?.toAsset ?? '' }), 'pairs');
    }
    case Code.quoteLimitExceeded: {
      const data = errorData(error, Code.quoteLimitExceeded);
      return on(null, t('convert:errors.quoteLimit', { remaining: usdText(data?.remainingUsd || '0'), time: formatDateTime(data?.resetsAt ?? '', { zone: true }) }));
    }
    case Code.quoteUnavailable:
      return on(typedField, t('convert:errors.quoteUnavailable'));
    case Code.amountOutOfRange: {
      const data = errorData(error, Code.amountOutOfRange);
      const field = amountField(data?.field, typedField);
      const params = { min: formatQuantity(data?.min ?? ''), max: formatQuantity(data?.max ?? ''), asset: data?.asset ?? '' };
      // With the received side typed, the range is the paid side's: say what this amount would cost.
      return field === 'toAmount' && data?.fromAmount !== undefined
        ? on(field, t('convert:errors.outOfRangeComputed', { ...params, fromAmount: formatQuantity(data.fromAmount) }))
        : on(field, t('convert:errors.outOfRange', params));
    }
    case Code.insufficientBalance: {
      const data = errorData(error, Code.insufficientBalance);
      const short = on('fromAmount', t('convert:errors.insufficient', { available: formatQuantity(data?.available || '0'), asset: data?.asset ?? '' }));
      return data?.asset ? { ...short, shortOf: data.asset } : short;
    }
    case Code.serviceSuspended:
      return on(null, t('convert:errors.suspended'), 'permissions');
    case Code.kycState:
      return on(null, t(errorData(error, Code.kycState)?.level === 'advanced' ? 'convert:errors.kycAdvanced' : 'convert:errors.kycBasic'), 'permissions');
    case Code.frozen:
      return on(null, t('convert:errors.frozen'), 'permissions');
    case Code.gaState:
      return on(null, t('convert:errors.gaRequired'), 'permissions');
    case Code.badRequest: {
      const data = errorData(error, Code.badRequest);
      const field = data?.field === 'fromAmount' || data?.field === 'toAmount' ? data.field : null;
      if (field && data?.rule === 'decimals') return on(field, t('convert:errors.decimalsServer'));
      if (field && data?.rule === 'positive') return on(field, t('convert:errors.positive'));
      return on(null, describeWalletError(t, error).message);
    }
    default:
      return on(null, describeWalletError(t, error).message);
  }
}
