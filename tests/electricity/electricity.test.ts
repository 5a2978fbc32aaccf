import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { BILL_QUOTE_TTL_MS } from '../../contract/electricity-rules.ts';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { capitalBalance, moneySuite, requestIds } from '../api/suite.ts';

/**
 * Electricity payment for miners (issue 13): seeded and dev-issued bills, paid from a digital asset at a firm
 * quote of the convert desk's engine, once, on the ledger. PGlite, and PostgreSQL where installed.
 */
interface Bill {
  billId: string;
  site: string;
  amount: string;
  currency: string;
  status: string;
  payment: { receiptNo: string; payAsset: string; payAmount: string; price: string } | null;
}
interface Quote {
  quoteId: string;
  payAmount: string;
  amount: string;
  price: string;
  spread: string;
}

describe.each(securityBackends())('electricity bills ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  const requestId = requestIds('bill-test');
  const call = <T>(path: string, body?: unknown) => api.call<T>('POST', path, { token, ...(body === undefined ? {} : { body }) });
  const bills = async (status?: string) =>
    (await call<{ list: Bill[]; total: number }>('/electricity/bill/page', { pageCondition: { pageNum: 1, pageSize: 10 }, ...(status ? { queryCondition: { status } } : {}) })).data;
  const free = async (asset: string) => new Decimal((await capitalBalance(api, token, asset)).free);
  const issue = (extra: Record<string, unknown> = {}) =>
    api.call<Bill>('POST', '/_dev/electricity/bill', {
      body: { email: demoUser.email, site: 'Test Site', periodStart: '2026-10-01', periodEnd: '2026-10-31', kwh: '10000', rate: '0.0555', currency: 'USD', dueInDays: 5, ...extra },
    });

  moneySuite(backend, (started) => {
    ({ api, token } = started);
  });

  it('seeds an account’s first bills once: unpaid, and one already overdue', async () => {
    const first = await bills();
    expect(first.total).toBe(3);
    expect(first.list.map((b) => b.status).sort()).toEqual(['overdue', 'unpaid', 'unpaid']);
    // 120,000 kWh × 0.045 USD.
    expect(first.list.find((b) => b.site === 'Sichuan Hydro A')).toMatchObject({ amount: '5400.00', currency: 'USD' });
    expect((await bills()).total).toBe(3);
    expect((await bills('overdue')).list.map((b) => b.site)).toEqual(['Texas C']);
  });

  it('pays a bill with USDT at a firm quote, once per requestId, and the receipt names it', async () => {
    const bill = (await issue()).data;
    // 10,000 × 0.0555 = 555.00 USD.
    expect(bill).toMatchObject({ amount: '555.00', status: 'unpaid', payment: null });
    const quote = (await call<Quote>('/electricity/bill/quote', { billId: bill.billId, payAsset: 'USDT' })).data;
    // USD is at par with USDT; the coin spread comes on top, rounded up to USDT's 6 decimals.
    expect(quote.payAmount).toBe(new Decimal('555').div(new Decimal(1).sub(quote.spread)).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed());
    const before = await free('USDT');
    const id = requestId();
    const replies = await burst(10, () => call<Bill>('/electricity/bill/pay', { quoteId: quote.quoteId, requestId: id }));
    expect(replies.get(200)).toBe(10);
    const paid = (await call<Bill>('/electricity/bill/pay', { quoteId: quote.quoteId, requestId: id })).data;
    expect(paid.status).toBe('paid');
    expect(paid.payment).toMatchObject({ payAsset: 'USDT', payAmount: quote.payAmount });
    expect(paid.payment!.receiptNo).toMatch(/^EP\d{8}\d{6,}$/);
    expect((await free('USDT')).toFixed()).toBe(before.sub(quote.payAmount).toFixed());
    // A second quote on a paid bill is refused.
    expect((await call('/electricity/bill/quote', { billId: bill.billId, payAsset: 'USDT' })).code).toBe(Code.billPaid);
  });

  it('parallel payments of one bill with different quotes: exactly one pays', async () => {
    const bill = (await issue({ currency: 'HKD', kwh: '2000', rate: '0.39' })).data;
    expect(bill.amount).toBe('780.00');
    const quotes = await Promise.all(Array.from({ length: 5 }, () => call<Quote>('/electricity/bill/quote', { billId: bill.billId, payAsset: 'BTC' })));
    const before = await free('BTC');
    const replies = await burst(5, (i) => call<Bill>('/electricity/bill/pay', { quoteId: quotes[i]!.data.quoteId, requestId: requestId() }));
    expect(replies.get(200)).toBe(1);
    expect(replies.get(Code.billPaid)).toBe(4);
    const spent = before.sub(await free('BTC'));
    expect(quotes.some((q) => new Decimal(q.data.payAmount).eq(spent))).toBe(true);
  });

  it('refuses an expired quote and a used one, moving nothing', async () => {
    const bill = (await issue()).data;
    const quote = (await call<Quote>('/electricity/bill/quote', { billId: bill.billId, payAsset: 'ETH' })).data;
    const before = await free('ETH');
    await api.call('POST', '/_dev/clock/advance', { body: { ms: BILL_QUOTE_TTL_MS + 1 } });
    token = await api.token();
    expect((await call('/electricity/bill/pay', { quoteId: quote.quoteId, requestId: requestId() })).code).toBe(Code.quoteExpired);
    expect((await free('ETH')).toFixed()).toBe(before.toFixed());
    const fresh = (await call<Quote>('/electricity/bill/quote', { billId: bill.billId, payAsset: 'ETH' })).data;
    expect((await call('/electricity/bill/pay', { quoteId: fresh.quoteId, requestId: requestId() })).code).toBe(200);
    expect((await call('/electricity/bill/pay', { quoteId: fresh.quoteId, requestId: requestId() })).code).toBe(Code.quoteUsed);
    expect((await call('/electricity/bill/quote', { billId: '99999999', payAsset: 'ETH' })).status).toBe(400);
  });
});
