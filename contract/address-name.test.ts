import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { apiCalls } from './api.ts';

/** spec §5 "Address name: 4 to 20 characters": every address book's add call refuses other names by its shape. */
describe('address name schemas', () => {
  const paths = ['/account/wallet/address/add', '/account/wallet/fiatAddress/add', '/broker/address/submitBrokerAddress'] as const;

  it.each(paths)('%s takes 4 to 20 characters', (path) => {
    const body = (apiCalls[path] as { body: { properties: { name: object } } }).body;
    const name = { Check: new Ajv().compile(body.properties.name) };
    expect(name.Check('abc')).toBe(false);
    expect(name.Check('abcd')).toBe(true);
    expect(name.Check('x'.repeat(20))).toBe(true);
    expect(name.Check('x'.repeat(21))).toBe(false);
  });
});
