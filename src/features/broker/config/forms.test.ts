import { describe, expect, it } from 'vitest';
import { addressFromBytes } from '../../../../contract/chains.ts';
import { checkAddressForm, checkMessageForm } from './forms.ts';

const trx = { network: 'TRX' as const, label: 'Tron (TRC-20)' };
const good = addressFromBytes('TRX', new Uint8Array(32).fill(7));

describe('address form checks (spec §5; contract/chains.ts)', () => {
  it('accepts a valid address of the network with a name of 4 to 20 characters', () => {
    expect(checkAddressForm({ network: trx, address: ` ${good} `, name: 'Treasury' })).toEqual({});
  });

  it('refuses a bad checksum, another chain, no network, no address and a name outside 4 to 20', () => {
    const flipped = good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a');
    expect(checkAddressForm({ network: trx, address: flipped, name: 'Treasury' })).toEqual({ address: { key: 'broker-config:errors.addressInvalid', params: { network: 'Tron (TRC-20)' } } });
    expect(checkAddressForm({ network: trx, address: addressFromBytes('ETH', new Uint8Array(32).fill(7)), name: 'Treasury' }).address).toBeDefined();
    expect(checkAddressForm({ network: null, address: good, name: 'Treasury' })).toEqual({ network: { key: 'broker-config:errors.networkRequired' } });
    expect(checkAddressForm({ network: trx, address: '  ', name: 'Treasury' })).toEqual({ address: { key: 'broker-config:errors.addressRequired' } });
    expect(checkAddressForm({ network: trx, address: good, name: 'abc' }).name).toMatchObject({ key: 'validation:errors.addressNameLength' });
    expect(checkAddressForm({ network: trx, address: good, name: 'x'.repeat(21) }).name).toMatchObject({ key: 'validation:errors.addressNameLength' });
    expect(checkAddressForm({ network: trx, address: good, name: '' }).name).toMatchObject({ key: 'validation:errors.addressNameRequired' });
  });
});

describe('notification e-mail form checks', () => {
  it('needs an e-mail of the spec §5 format when adding, at least one notification and a short remark', () => {
    expect(checkMessageForm({ email: 'ops@firm.test', events: ['application'], remark: '' })).toEqual({});
    expect(checkMessageForm({ email: 'ops@', events: ['application'], remark: '' }).email).toMatchObject({ key: 'validation:errors.emailInvalid' });
    expect(checkMessageForm({ email: 'ops@firm.test', events: [], remark: '' })).toEqual({ events: { key: 'broker-config:errors.eventsRequired' } });
    expect(checkMessageForm({ email: 'ops@firm.test', events: ['decision'], remark: 'r'.repeat(51) }).remark).toMatchObject({ key: 'broker-config:errors.remarkTooLong' });
    // Editing keeps the address: it is not checked.
    expect(checkMessageForm({ email: '', events: ['decision'], remark: '' }, false)).toEqual({});
  });
});
