import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { FIAT_ASSETS, fiatDay } from '../../../contract/fiat-rules.ts';
import { checkBankAccount, checkFiatDeposit, checkFiatWithdraw, parseAmount } from './fiat-form.ts';

const usd = FIAT_ASSETS.find((f) => f.asset === 'USD')!;
const key = (issue: unknown) => (issue as { key: string } | undefined)?.key;
const withdraw = (over: Partial<Parameters<typeof checkFiatWithdraw>[0]>) =>
  checkFiatWithdraw({ fiat: usd, accountId: '7', amount: '1000', free: new Decimal(5000), remaining: new Decimal(2000), ...over });

describe('fiat forms', () => {
  it('reads amounts with thousands separators and refuses anything else', () => {
    expect(parseAmount('1,234.50')?.toFixed()).toBe('1234.5');
    expect(parseAmount('12e3')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
  });

  it('a withdrawal needs an account, cents at most, more than the fee, the range, the balance and today’s limit', () => {
    expect(withdraw({})).toEqual({});
    expect(key(withdraw({ accountId: '' }).account)).toBe('wallet:errors.accountRequired');
    expect(key(withdraw({ amount: '100.001' }).amount)).toBe('wallet:errors.decimals');
    expect(key(withdraw({ amount: '25' }).amount)).toBe('wallet:errors.belowFee');
    expect(key(withdraw({ amount: '99.99' }).amount)).toBe('wallet:errors.outOfRange');
    expect(key(withdraw({ amount: '1000000.01', free: new Decimal(2e6), remaining: new Decimal(2e6) }).amount)).toBe('wallet:errors.outOfRange');
    expect(key(withdraw({ amount: '5000.01', remaining: null }).amount)).toBe('wallet:errors.insufficient');
    expect(withdraw({ amount: '2000.01' }).amount).toEqual({ key: 'wallet:errors.dailyLimitLeft', params: { remaining: '2000' } });
    expect(withdraw({ amount: '2,000' })).toEqual({});
  });

  it('a declared deposit needs the minimum and a bank reference of letters, digits, / and -', () => {
    expect(checkFiatDeposit({ fiat: usd, amount: '100', bankReference: 'FT2411/0001' })).toEqual({});
    expect(key(checkFiatDeposit({ fiat: usd, amount: '99.99', bankReference: 'FT2411' }).amount)).toBe('wallet:errors.depositMin');
    expect(key(checkFiatDeposit({ fiat: usd, amount: '100', bankReference: 'a b' }).bankReference)).toBe('wallet:errors.bankReference');
  });

  it('a bank account: the holder in any script, a SWIFT or clearing code of the right shape, an account number without spaces', () => {
    expect(checkBankAccount({ beneficiary: '陳大文 Holdings Ltd.', bankCode: 'hsbc hk hh', accountNumber: '004-500 123456' })).toEqual({});
    expect(checkBankAccount({ beneficiary: 'A', bankCode: 'HSBCHK', accountNumber: '12' })).toEqual({
      beneficiary: { key: 'wallet:errors.beneficiary' },
      bankCode: { key: 'wallet:errors.bankCodeShape' },
      accountNumber: { key: 'wallet:errors.accountNumber' },
    });
    expect(key(checkBankAccount({ beneficiary: '<b>x</b>', bankCode: '004', accountNumber: '123456' }).beneficiary)).toBe('wallet:errors.beneficiary');
  });

  it('the daily limit’s day is the Hong Kong day: 15:59:59 UTC is still today, 16:00 UTC is tomorrow', () => {
    expect(fiatDay(new Date('2026-11-25T15:59:59Z'))).toEqual({ day: '2026-11-25', resetsAt: new Date('2026-11-25T16:00:00Z') });
    expect(fiatDay(new Date('2026-11-25T16:00:00Z')).day).toBe('2026-11-26');
  });
});
