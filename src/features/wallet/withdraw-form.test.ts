import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { NetworkInfo } from './api.ts';
import { checkWithdrawForm } from './withdraw-form.ts';

const eth: NetworkInfo = {
  network: 'ETH',
  label: 'Ethereum (ERC-20)',
  confirmations: 12,
  decimals: 6,
  withdrawFee: '5',
  withdrawMin: '20',
  withdrawMax: '5000000',
  depositMin: '1',
  memo: false,
};
const good = '0x52908400098527886E0F7030069857D2E4169EE7';
const check = (over: Partial<{ network: NetworkInfo | null; address: string; memo: string; amount: string; free: Decimal }>) =>
  checkWithdrawForm({ network: eth, address: good, memo: '', amount: '100', free: new Decimal(1000), ...over });
const key = (issue: unknown) => (issue as { key: string } | undefined)?.key;

describe('withdrawal form checks (spec §5)', () => {
  it('accepts a valid address and an amount within the limits and the balance', () => {
    expect(check({})).toEqual({});
    expect(check({ amount: '1000' })).toEqual({});
  });

  it('asks for the network first', () => {
    expect(key(check({ network: null }).network)).toBe('wallet:errors.networkRequired');
  });

  it('refuses an address whose checksum is wrong, or of another chain', () => {
    expect(key(check({ address: good.replace('E0F', 'e0F') }).address)).toBe('wallet:errors.addressInvalid');
    expect(key(check({ address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' }).address)).toBe('wallet:errors.addressInvalid');
    expect(key(check({ address: '  ' }).address)).toBe('validation:errors.required');
  });

  it('refuses amounts at or under the fee, outside the limits, too precise, malformed or above the balance', () => {
    expect(key(check({ amount: '5' }).amount)).toBe('wallet:errors.belowFee');
    expect(key(check({ amount: '19.999999' }).amount)).toBe('wallet:errors.outOfRange');
    expect(key(check({ amount: '5000000.1', free: new Decimal(1e9) }).amount)).toBe('wallet:errors.outOfRange');
    expect(key(check({ amount: '100.0000001' }).amount)).toBe('wallet:errors.decimals');
    expect(key(check({ amount: '1e3' }).amount)).toBe('wallet:errors.amountFormat');
    expect(key(check({ amount: '-50' }).amount)).toBe('wallet:errors.amountFormat');
    expect(key(check({ amount: '1000.000001' }).amount)).toBe('wallet:errors.insufficient');
  });
});
