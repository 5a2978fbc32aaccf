import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes.ts';
import { isApiError } from '../../lib/api/index.ts';
import { formatQuantity } from '../../lib/format/index.ts';
import { describeWalletError } from '../wallet/shared.ts';
import { ltvText } from './format.ts';

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A loan call's refusal in the person's language (server/api/README.md "Loans": 10300 loan state, 10301 LTV
 * above the initial level, 10205 range, 10101 balance, 10200 the `loan` switch of spec §6, 10011 frozen), as
 * plain text; anything else as the wallet screens describe it.
 */
export function describeLoanError(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return describeWalletError(t, error).message;
  const data = record(error.data);
  switch (error.code) {
    case Code.loanState:
      return t('loans:errors.state', { status: t(`loans:status.${text(data['status']) || '1'}`) });
    case Code.loanLtvTooHigh:
      return t('loans:errors.ltv', { ltv: ltvText(text(data['ltv']) || '0'), initial: ltvText(text(data['initialLtv']) || '0') });
    case Code.amountOutOfRange:
      return t('loans:errors.range', { min: formatQuantity(text(data['min']) || '0'), max: formatQuantity(text(data['max']) || '0') });
    case Code.insufficientBalance:
      return t('loans:errors.insufficient');
    case Code.serviceSuspended:
      return t('loans:off.text');
    case Code.frozen:
      return t('loans:errors.frozen');
    case Code.quoteUnavailable:
      return t('loans:errors.noLiquidity');
    default:
      return describeWalletError(t, error).message;
  }
}
