import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { checkBillInput, electricityBill, type LivePrices } from './electricity.ts';

// The electricity calculator's maths (spec §1 marketing pages): kWh × tariff → USD, HKD and BTC, exactly.
const prices: LivePrices = { usdPerBtc: '65000', hkdPerBtc: '507000' }; // 7.8 HKD per USD

describe('electricity bill', () => {
  it('multiplies energy by the tariff, to the cent', () => {
    expect(electricityBill('120000', '0.065', 'USD', prices)).toEqual({ usd: '7800.00', hkd: '60840.00', btc: '0.12000000' });
  });

  it('converts an HKD tariff to USD at the ratio of the live prices', () => {
    expect(electricityBill('1000', '1.2', 'HKD', prices)).toEqual({ usd: '153.85', hkd: '1200.00', btc: '0.00236687' });
  });

  it('keeps exact decimals where binary floating point would not (0.1 × 3)', () => {
    expect(electricityBill('3', '0.1', 'USD', prices).usd).toBe('0.30');
    expect(0.1 * 3).not.toBe(0.3);
  });

  it('rounds BTC up to the satoshi, so the BTC amount always covers the bill', () => {
    const bill = electricityBill('1', '0.01', 'USD', { usdPerBtc: '3', hkdPerBtc: '23.4' });
    expect(bill.btc).toBe('0.00333334');
    expect(new Decimal(bill.btc).times(3).gte('0.01')).toBe(true);
    expect(electricityBill('0', '0.08', 'USD', prices)).toEqual({ usd: '0.00', hkd: '0.00', btc: '0.00000000' });
  });

  it('rounds cents half up', () => {
    expect(electricityBill('1', '0.005', 'USD', prices).usd).toBe('0.01');
    expect(electricityBill('1', '0.0049', 'USD', prices).usd).toBe('0.00');
  });

  it('refuses prices that are not positive', () => {
    expect(() => electricityBill('1', '1', 'USD', { usdPerBtc: '0', hkdPerBtc: '1' })).toThrow(RangeError);
  });

  it('checks what was typed', () => {
    expect(checkBillInput('120,000', '0.065')).toEqual({});
    expect(checkBillInput('', 'abc')).toEqual({ kwh: 'kwhFormat', rate: 'rateFormat' });
    expect(checkBillInput('-5', '1e3')).toEqual({ kwh: 'kwhFormat', rate: 'rateFormat' });
    expect(checkBillInput('20000000000', '1001')).toEqual({ kwh: 'kwhTooLarge', rate: 'rateTooLarge' });
    expect(checkBillInput('1.1234567', '0.1')).toEqual({ kwh: 'decimals' });
  });
});
