import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BILL_STATUSES } from '../../../contract/electricity-rules.ts';
import { missingKeys } from '../../../tests/support/locale-namespace.ts';

// The electricity namespace's dynamic keys — every bill state, every line of the receipt — have texts
// (tests/unit/locales.test.ts checks that both locales have the same keys and every key the code writes).
const RECEIPT_LINES = ['number', 'paidAt', 'site', 'period', 'usage', 'rate', 'amount', 'paidWith', 'price', 'bill'];

describe('electricity namespace', () => {
  it('names every state and every line of the receipt', () => {
    const receipt = readFileSync(new URL('./receipt.ts', import.meta.url), 'utf8');
    expect(receipt).toContain('`electricity:receipt.${key}`');
    expect([...receipt.matchAll(/\brow\('(\w+)'/g)].map((m) => m[1])).toEqual(RECEIPT_LINES);
    expect(missingKeys('electricity', [...BILL_STATUSES.map((s) => `status.${s}`), ...RECEIPT_LINES.map((k) => `receipt.${k}`)])).toEqual([]);
  });
});
