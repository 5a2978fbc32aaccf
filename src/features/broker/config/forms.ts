import { isValidAddress, type Network } from '../../../../contract/chains.ts';
import { MESSAGE_REMARK_MAX } from '../../../../contract/broker-config-rules.ts';
import type { FieldErrors } from '../../../components/form/index.ts';
import { validateAddressName, validateBusinessEmail, VALIDATION_NAMESPACE, type ValidationResult } from '../../../lib/validation/index.ts';

// The checks the screens make before any call (the sandbox checks the same again): spec §5 address name and
// e-mail format, the address per chain with its checksum (contract/chains.ts), at least one notification.

export interface AddressForm {
  network: { network: Network; label: string } | null;
  address: string;
  name: string;
}

const issue = (result: ValidationResult) => (result ? { key: `${VALIDATION_NAMESPACE}:${result.key}`, ...(result.params ? { params: result.params } : {}) } : undefined);

/** The problems found, without the fields that have none. */
function clean<F extends string>(found: Record<F, FieldErrors<F>[F] | undefined>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const key of Object.keys(found) as F[]) {
    const problem = found[key];
    if (problem) out[key] = problem;
  }
  return out;
}

export function checkAddressForm(form: AddressForm): FieldErrors<'network' | 'address' | 'name'> {
  const address = form.address.trim();
  return clean({
    name: issue(validateAddressName(form.name)),
    network: form.network ? undefined : { key: 'broker-config:errors.networkRequired' },
    address:
      address === ''
        ? { key: 'broker-config:errors.addressRequired' }
        : form.network && !isValidAddress(form.network.network, address)
          ? { key: 'broker-config:errors.addressInvalid', params: { network: form.network.label } }
          : undefined,
  });
}

export interface MessageForm {
  email: string;
  events: readonly string[];
  remark: string;
}

/** `withEmail` false: an edit, where the address stays as it is. */
export function checkMessageForm(form: MessageForm, withEmail = true): FieldErrors<'email' | 'events' | 'remark'> {
  return clean({
    email: withEmail ? issue(validateBusinessEmail(form.email.trim())) : undefined,
    events: form.events.length === 0 ? { key: 'broker-config:errors.eventsRequired' } : undefined,
    remark: form.remark.trim().length > MESSAGE_REMARK_MAX ? { key: 'broker-config:errors.remarkTooLong', params: { max: MESSAGE_REMARK_MAX } } : undefined,
  });
}
