import type { TFunction } from 'i18next';
import { Code } from '../../../../contract/codes.ts';
import { errorData, isApiError } from '../../../lib/api/index.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { describeError, type FormError } from '../../account/shared.ts';

/**
 * A refusal of the transfer, withdrawal and approval calls (contract/broker-funds.ts: 10450–10454, 404, the 400
 * rules), with the field it belongs beside where there is one; the second factor's refusals (wrong or expired
 * e-mail code, wrong Google code) and anything else as the account screens describe them.
 */
export function describeMoneyError(t: TFunction, error: unknown): FormError {
  if (!isApiError(error)) return describeError(t, error);
  const on = (field: string | null, message: string): FormError => ({ field, message });
  switch (error.code) {
    case Code.notFound:
      return on(null, t('broker-money:errors.notFound'));
    case Code.brokerApplicationState:
      return on(null, t('broker-money:errors.applicationState'));
    case Code.brokerSelfApproval:
      return on(null, t('broker-money:errors.selfApproval'));
    case Code.brokerTransferCrossExchange:
      return on('toAccountId', t('broker-money:errors.crossExchange'));
    case Code.brokerAddressNotWhitelisted:
      return on('addressId', t('broker-money:errors.notWhitelisted'));
    case Code.brokerWithdrawAmount:
      return on('amount', t('broker-money:errors.amountRange'));
    case Code.insufficientBalance:
      return on('amount', t('broker-money:errors.insufficient'));
    case Code.brokerCheckerIneligible:
      return on(null, t(`broker-money:errors.checker.${errorData(error, Code.brokerCheckerIneligible)?.reason ?? 'kycAdvanced'}`));
    case Code.addressLocked:
      return on('addressId', t('broker-money:errors.addressLocked', { time: formatDateTime(errorData(error, Code.addressLocked)?.unlockAt ?? '', { zone: true }) }));
    default:
      return describeError(t, error, { emailUuid: 'emailCode' });
  }
}
