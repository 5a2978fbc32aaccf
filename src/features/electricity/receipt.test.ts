import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { namespaceTree } from '../../../tests/support/locale-namespace.ts';
import { readPdfText } from '../../../tests/support/pdf-text.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import type { Bill } from './api.ts';
import { receiptFileName, receiptLines, receiptPdf } from './receipt.ts';

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

async function fixedT(language: 'zh-HK' | 'en-US'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: { electricity: namespaceTree(language, 'electricity') } }, interpolation: { escapeValue: false } });
  return i18n.getFixedT(language, 'electricity');
}

describe('electricity receipt', () => {
  it('names the receipt, the site, the bill and what was paid with, amounts as the glossary formats them', () => {
    const lines = receiptLines(t, bill)!;
    expect(lines.title).toBe('electricity:receipt.title');
    expect(lines.footer).toBe('electricity:receipt.footer');
    const row = (key: string) => lines.rows.find((r) => r.label === `electricity:receipt.${key}`)?.value;
    expect(row('number')).toBe('EP20261126000007');
    expect(row('site')).toBe('Texas C');
    expect(row('bill')).toBe('7');
    // USD at 2 decimals, USDT at 4, truncated, thousands separated (glossary "Numbers").
    expect(row('amount')).toContain('"value":"3,000.00","asset":"USD"');
    expect(row('paidWith')).toContain('"value":"3,003.0030","asset":"USDT"');
    expect(row('usage')).toContain('"value":"60,000"');
    expect(receiptFileName(bill)).toBe('receipt-EP20261126000007.pdf');
  });

  it('has none for an unpaid bill', async () => {
    const unpaid = { ...bill, status: 'unpaid' as const, payment: null };
    expect(receiptLines(t, unpaid)).toBeNull();
    expect(await receiptPdf(t, unpaid, 'en-US')).toBeNull();
  });

  it.each(['zh-HK', 'en-US'] as const)('%s: the PDF reads, in pdf.js, as the receipt’s lines', async (language) => {
    const tl = await fixedT(language);
    const lines = receiptLines(tl, bill)!;
    const pdf = (await receiptPdf(tl, bill, language, new Date('2026-11-26T08:00:05.000Z')))!;
    expect(new TextDecoder().decode(pdf.subarray(0, 8))).toBe('%PDF-1.7');

    const read = await readPdfText(pdf);
    expect(read.info).toEqual({ version: '1.7', title: lines.title, creationDate: 'D:20261126080005Z', language });
    expect(read.pages).toEqual([[lines.title, ...lines.rows.map((r) => `${r.label} ${r.value}`), `${lines.footer} 1 / 1`]]);
    const paidAt = formatDateTime(bill.payment!.paidAt, { zone: true });
    if (language === 'zh-HK') {
      expect(read.pages[0]).toContain('礦場 Texas C');
      expect(read.pages[0]).toContain(`支付時間 ${paidAt}`);
      expect(read.pages[0]).toContain('用電量 60,000 度（kWh）');
      expect(read.pages[0]).toContain('期間 2026-10-01 至 2026-10-31');
      expect(read.pages[0]![0]).toBe('交易台 — 電費支付收據');
    } else {
      expect(read.pages[0]).toContain('Paid with 3,003.0030 USDT');
      expect(read.pages[0]).toContain('Price 1 USDT = 0.999 USD');
    }
  });
});
