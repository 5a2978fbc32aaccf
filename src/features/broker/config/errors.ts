import type { TFunction } from 'i18next';
import { Code } from '../../../../contract/codes.ts';
import { errorData, isApiError } from '../../../lib/api/index.ts';
import { describeError, type FormError } from '../../account/shared.ts';

/** The sandbox's rules beyond the shape (server/broker/addresses.ts, message-config.ts), in the person's language. */
const RULE_KEYS: Record<string, string> = {
  checksum: 'broker-config:errors.addressInvalid',
  unsupported: 'broker-config:errors.networkUnsupported',
  notUsed: 'broker-config:errors.memoNotUsed',
  addressNameLength: 'validation:errors.addressNameLength',
};

/**
 * A refusal of the address book or notification e-mail calls (server/broker/README.md "Address book and
 * notification e-mails": 10430–10442, 404, the 400 rules), with the field it belongs beside where there is one;
 * the e-mail code's refusals (10003–10005) and anything else as the account screens describe them.
 */
export function describeConfigError(t: TFunction, error: unknown, network = ''): FormError {
  if (!isApiError(error)) return describeError(t, error);
  const on = (field: string | null, message: string): FormError => ({ field, message });
  const max = (code: typeof Code.brokerAddressLimit | typeof Code.messageConfigLimit) => Number(errorData(error, code)?.max ?? 0);
  switch (error.code) {
    case Code.badRequest: {
      const data = errorData(error, Code.badRequest);
      const key = data ? RULE_KEYS[data.rule] : undefined;
      const field = data?.field ?? null;
      if (key) return on(field, t(key, { network, min: 4, max: 20 }));
      return describeError(t, error, { emailUuid: 'emailCode' });
    }
    case Code.notFound:
      return on(null, t('broker-config:errors.notFound'));
    case Code.brokerAddressExists:
      return on('address', t('broker-config:errors.addressExists'));
    case Code.brokerAddressState:
      return on(null, t('broker-config:errors.addressState'));
    case Code.brokerAddressLimit:
      return on(null, t('broker-config:errors.addressLimit', { max: max(Code.brokerAddressLimit) }));
    case Code.messageEmailExists:
      return on('email', t('broker-config:errors.emailExists'));
    case Code.messageConfigState:
      return on(null, t('broker-config:errors.configState'));
    case Code.messageConfigLimit:
      return on(null, t('broker-config:errors.configLimit', { max: max(Code.messageConfigLimit) }));
    default:
      return describeError(t, error, { emailUuid: 'emailCode' });
  }
}
