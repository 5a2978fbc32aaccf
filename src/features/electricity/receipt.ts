import type { TFunction } from 'i18next';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import type { Bill } from './api.ts';

/**
 * A paid bill's receipt as plain text in the person's language: what was paid, for which site and period, with
 * what and at what price, and the receipt's number. Null for a bill not yet paid.
 */
export function receiptText(t: TFunction, bill: Bill): string | null {
  const p = bill.payment;
  if (!p) return null;
  const line = (key: string, value: string) => `${t(`electricity:receipt.${key}`)}: ${value}`;
  return [
    t('electricity:receipt.title'),
    '',
    line('number', p.receiptNo),
    line('paidAt', formatDateTime(p.paidAt, { zone: true })),
    line('site', bill.site),
    line('period', t('electricity:units.period', { start: bill.periodStart, end: bill.periodEnd })),
    line('usage', t('electricity:units.kwh', { value: formatQuantity(bill.kwh) })),
    line('rate', t('electricity:units.rate', { value: bill.rate, currency: bill.currency })),
    line('amount', t('electricity:units.amount', { value: formatQuantity(bill.amount), asset: bill.currency })),
    line('paidWith', t('electricity:units.amount', { value: formatQuantity(p.payAmount), asset: p.payAsset })),
    line('price', t('electricity:units.price', { asset: p.payAsset, value: p.price, currency: bill.currency })),
    line('bill', bill.billId),
    '',
  ].join('\n');
}

export const receiptFileName = (bill: Bill): string => `receipt-${bill.payment?.receiptNo ?? bill.billId}.txt`;
