import type { TFunction } from 'i18next';
import { Code } from '../../../../contract/codes.ts';
import { errorData, isApiError } from '../../../lib/api/index.ts';
import { describeError, type FormError } from '../../account/shared.ts';

/**
 * A refusal of the profit calls (contract/broker-profit.ts: 10480–10482, the projects' 10455/10456, part 1's
 * 10450/10451, 404, 10101), with the field it belongs beside; the second factor's refusals and anything else as the
 * account screens describe them.
 */
export function describeProfitError(t: TFunction, error: unknown): FormError {
  if (!isApiError(error)) return describeError(t, error);
  const on = (field: string | null, message: string): FormError => ({ field, message });
  switch (error.code) {
    case Code.notFound:
      return on(null, t('broker-profit:errors.notFound'));
    case Code.brokerApplicationState:
      return on(null, t('broker-profit:errors.state'));
    case Code.brokerSelfApproval:
      return on(null, t('broker-profit:errors.selfApproval'));
    case Code.brokerProfitUnavailable:
      return on('amount', t('broker-profit:errors.unavailable', { available: errorData(error, Code.brokerProfitUnavailable)?.available ?? '0' }));
    case Code.brokerProfitDestination:
      return on(errorData(error, Code.brokerProfitDestination)?.field === 'fromAccountId' ? 'fromAccountId' : 'toAccountId', t('broker-profit:errors.destination'));
    case Code.brokerProfitSplit:
      return on('legs', t(errorData(error, Code.brokerProfitSplit)?.rule === 'duplicate' ? 'broker-profit:errors.duplicate' : 'broker-profit:errors.split'));
    case Code.projectState:
      return on(null, t('broker-profit:errors.projectState'));
    case Code.belowMinSubscription:
      return on('amount', t('broker-profit:errors.minSubscription', { min: errorData(error, Code.belowMinSubscription)?.min ?? '' }));
    case Code.insufficientBalance:
      return on('amount', t('broker-profit:errors.insufficient'));
    case Code.brokerCheckerIneligible:
      return on(null, t(`broker-money:errors.checker.${errorData(error, Code.brokerCheckerIneligible)?.reason ?? 'kycAdvanced'}`));
    default:
      return describeError(t, error, { emailUuid: 'emailCode' });
  }
}
