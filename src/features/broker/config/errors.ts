import type { TFunction } from 'i18next';
import { Code } from '../../../../contract/codes.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { describeError, type FormError } from '../../account/shared.ts';

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

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
  const data = record(error.data);
  const on = (field: string | null, message: string): FormError => ({ field, message });
  const max = Number(data['max'] ?? 0);
  switch (error.code) {
    case Code.badRequest: {
      const key = typeof data['rule'] === 'string' ? RULE_KEYS[data['rule']] : undefined;
      const field = typeof data['field'] === 'string' ? data['field'] : null;
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
      return on(null, t('broker-config:errors.addressLimit', { max }));
    case Code.messageEmailExists:
      return on('email', t('broker-config:errors.emailExists'));
    case Code.messageConfigState:
      return on(null, t('broker-config:errors.configState'));
    case Code.messageConfigLimit:
      return on(null, t('broker-config:errors.configLimit', { max }));
    default:
      return describeError(t, error, { emailUuid: 'emailCode' });
  }
}
