import type { TFunction } from 'i18next';
import { Code } from '../../../../contract/codes.ts';
import { errorData, isApiError } from '../../../lib/api/index.ts';
import { describeError, type FormError } from '../../account/shared.ts';

/**
 * A refusal of the interest calls (contract/broker-interest.ts: 10470–10473, 10101, 404, the 400 rules), with the
 * field it belongs beside where there is one; the second factor's refusals and anything else as the account screens
 * describe them.
 */
export function describeInterestError(t: TFunction, error: unknown): FormError {
  if (!isApiError(error)) return describeError(t, error);
  const on = (field: string | null, message: string): FormError => ({ field, message });
  switch (error.code) {
    case Code.notFound:
      return on(null, t('broker-interest:errors.notFound'));
    case Code.brokerInterestNothingPending:
      return on('untilDay', t('broker-interest:errors.nothingPending'));
    case Code.brokerSettleChanged:
      return on(null, t('broker-interest:errors.changed'));
    case Code.brokerBillState:
      return on(null, t('broker-interest:errors.billState'));
    case Code.brokerBillSelfReview:
      return on(null, t('broker-interest:errors.selfReview'));
    case Code.insufficientBalance:
      return on(null, t('broker-interest:errors.insufficient'));
    default:
      if (errorData(error, Code.badRequest)?.field === 'untilDay') return on('untilDay', t('broker-interest:errors.untilDay'));
      return describeError(t, error, { emailUuid: 'emailCode' });
  }
}
