import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes.ts';
import { errorData, isApiError } from '../../lib/api/index.ts';
import { formatQuantity } from '../../lib/format/index.ts';
import { describeWalletError } from '../wallet/shared.ts';
import { ltvText } from './format.ts';

/**
 * A loan call's refusal in the person's language (server/README.md "Loans": 10300 loan state, 10301 LTV
 * above the initial level, 10205 range, 10101 balance, 10200 the `loan` switch of spec §6, 10011 frozen), as
 * plain text; anything else as the wallet screens describe it.
 */
export function describeLoanError(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return describeWalletError(t, error).message;
  switch (error.code) {
    case Code.loanState:
      return t('loans:errors.state', { status: t(`loans:status.${errorData(error, Code.loanState)?.status ?? 1}`) });
    case Code.loanLtvTooHigh: {
      const data = errorData(error, Code.loanLtvTooHigh);
      return t('loans:errors.ltv', { ltv: ltvText(data?.ltv || '0'), initial: ltvText(data?.initialLtv || '0') });
    }
    case Code.amountOutOfRange: {
      const data = errorData(error, Code.amountOutOfRange);
      return t('loans:errors.range', { min: formatQuantity(data?.min || '0'), max: formatQuantity(data?.max || '0') });
    }
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
