import type { TFunction } from 'i18next';
import { loadChunk } from '../../lib/chunks/index.ts';
import { config } from '../../lib/config/index.ts';
import { formatAssetAmount, formatDateTime, formatPrice, formatQuantity } from '../../lib/format/index.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import type { Bill } from './api.ts';

/** A receipt's lines in the person's language: its title, label/value rows, and the note at its foot. */
export interface ReceiptLines {
  title: string;
  rows: { label: string; value: string }[];
  footer: string;
}

/**
 * A paid bill's receipt (spec §1 electricity payment): what was paid, for which site and period, with what and at
 * what price, and the receipt's number. Amounts at the asset's precision, truncated, with thousands separators
 * (glossary "Numbers"); the time with its zone, since a receipt is read later. Null for a bill not yet paid.
 */
export function receiptLines(t: TFunction, bill: Bill): ReceiptLines | null {
  const p = bill.payment;
  if (!p) return null;
  const row = (key: string, value: string) => ({ label: t(`electricity:receipt.${key}`), value });
  return {
    title: t('electricity:receipt.title'),
    rows: [
      row('number', p.receiptNo),
      row('paidAt', formatDateTime(p.paidAt, { zone: true })),
      row('site', bill.site),
      row('period', t('electricity:units.period', { start: bill.periodStart, end: bill.periodEnd })),
      row('usage', t('electricity:units.kwh', { value: formatQuantity(bill.kwh) })),
      row('rate', t('electricity:units.rate', { value: formatPrice(bill.rate, null), currency: bill.currency })),
      row('amount', t('electricity:units.amount', { value: formatAssetAmount(bill.amount, bill.currency), asset: bill.currency })),
      row('paidWith', t('electricity:units.amount', { value: formatAssetAmount(p.payAmount, p.payAsset), asset: p.payAsset })),
      row('price', t('electricity:units.price', { asset: p.payAsset, value: formatPrice(p.price, null), currency: bill.currency })),
      row('bill', bill.billId),
    ],
    footer: t('electricity:receipt.footer'),
  };
}

/**
 * The receipt as an A4 PDF (src/lib/pdf), or null for a bill not yet paid. The writer is a lazy chunk (spec §2,
 * with its load time-out), so it stays out of the initial JavaScript; `createdAt` is the file's creation date.
 */
export async function receiptPdf(t: TFunction, bill: Bill, language: Language, createdAt: Date = new Date()): Promise<Uint8Array<ArrayBuffer> | null> {
  const lines = receiptLines(t, bill);
  if (!lines) return null;
  const { pdfDocument } = await loadChunk('pdf', () => import('../../lib/pdf/index.ts'), config.chunkTimeoutMs);
  return pdfDocument({
    title: lines.title,
    language,
    createdAt,
    lines: [{ kind: 'title', text: lines.title }, { kind: 'gap' }, ...lines.rows.map((r) => ({ kind: 'row' as const, ...r }))],
    footer: lines.footer,
  });
}

export const receiptFileName = (bill: Bill): string => `receipt-${bill.payment?.receiptNo ?? bill.billId}.pdf`;
