import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Bill } from './api.ts';
import { receiptFileName, receiptText } from './receipt.ts';

const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const bill: Bill = {
  billId: '7',
  site: 'Texas C',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  kwh: '60000',
  rate: '0.05',
  amount: '3000.00',
  currency: 'USD',
  dueAt: '2026-11-23T00:00:00.000Z',
  status: 'paid',
  payment: { receiptNo: 'EP20261126000007', payAsset: 'USDT', payAmount: '3003.003004', price: '0.999', paidAt: '2026-11-26T08:00:00.000Z' },
  createdAt: '2026-11-20T00:00:00.000Z',
};

describe('electricity receipt', () => {
  it('names the receipt, the site, the bill and what was paid with, as plain text', () => {
    const text = receiptText(t, bill)!;
    expect(text.split('\n')[0]).toBe('electricity:receipt.title');
    expect(text).toContain('electricity:receipt.number: EP20261126000007');
    expect(text).toContain('electricity:receipt.site: Texas C');
    expect(text).toContain('"value":"3,000.00","asset":"USD"');
    expect(text).toContain('"value":"3,003.003004","asset":"USDT"');
    expect(receiptFileName(bill)).toBe('receipt-EP20261126000007.txt');
  });

  it('has none for an unpaid bill', () => {
    expect(receiptText(t, { ...bill, status: 'unpaid', payment: null })).toBeNull();
  });
});
