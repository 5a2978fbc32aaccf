import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { CONVERT_QUOTE_TTL_MS } from '../../contract/convert.ts';
import { demoUser } from '../../server/identity/seed.ts';
import { DESK } from '../../server/convert/pricing.ts';
import type { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp } from '../api/step-up-helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { moneySuite, requestIds } from '../api/suite.ts';

/**
 * Instant convert against the sandbox (issue 12): quotes priced from the simulator's live books, filled once at
 * exactly their amounts on the ledger, and every refusal moving nothing. PGlite, and PostgreSQL where its
 * binaries are installed (parallel orders on one quote really race there).
 */
interface Quote {
  quoteId: string;
  fromAsset: string;
  toAsset: string;
  fromAmount: string;
  toAmount: string;
  price: string;
  inversePrice: string;
  marketPrice: string;
  spread: string;
  fixed: 'from' | 'to';
  serverTime: string;
  expiresAt: string;
}
interface Order {
  orderId: string;
  quoteId: string;
  fromAmount: string;
  toAmount: string;
  status: string;
}

describe.each(securityBackends())('instant convert ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  const requestId = requestIds('convert-test');
  const call = <T>(path: string, body?: unknown, as = token) => api.call<T>('POST', path, { token: as, ...(body === undefined ? {} : { body }) });
  const capital = async (as = token) => {
    const reply = await api.call<{ accounts: Array<{ accountType: number; balances: Array<{ asset: string; free: string; locked: string }> }> }>('GET', '/user/assets', { token: as });
    const rows = reply.data.accounts.find((a) => a.accountType === 1)?.balances ?? [];
    return Object.fromEntries(rows.map((b) => [b.asset, new Decimal(b.free)]));
  };
  const quote = (body: Record<string, string>) => call<Quote>('/institution/quote', body);
  const order = (quoteId: string, id = requestId()) => call<Order>('/institution/order', { quoteId, requestId: id });
  const setAccount = (body: { disabled?: string[]; frozen?: boolean }) => api.call('POST', '/_dev/account', { body: { email: demoUser.email, ...body } });

  moneySuite(backend, (started) => {
    ({ api, token } = started);
  });

  it('lists the convert assets and limits without a token, and quotes indicatively from the book with the spread shown', async () => {
    const digital = await api.call<Array<{ asset: string; decimals: number }>>('POST', '/institution/listExchangeAssetByType', { body: { type: 'digital' } });
    expect(digital.data.map((a) => a.asset)).toEqual(['BTC', 'ETH', 'SOL', 'USDT']);
    const limits = await api.call<Array<{ asset: string; minAmount: string }>>('POST', '/institution/listRiskConfig');
    expect(limits.data.find((l) => l.asset === 'BTC')?.minAmount).toBe('0.0001');

    const indicative = await api.call<Quote>('POST', '/institution/getQuote', { body: { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1' } });
    expect(indicative.code).toBe(200);
    expect(indicative.data).not.toHaveProperty('quoteId');
    const price = new Decimal(indicative.data.price);
    const market = new Decimal(indicative.data.marketPrice);
    // The simulator's BTCUSDT trades around 65,000; the desk's price is the book's less its 0.1 % spread.
    expect(market.gt(40_000) && market.lt(100_000)).toBe(true);
    expect(indicative.data.spread).toBe('0.001');
    expect(price.div(market).toNumber()).toBeCloseTo(0.999, 5);
    // toAmount is the book's proceeds less the spread, rounded down to USDT's 6 decimals; price is toAmount per BTC.
    expect(new Decimal(indicative.data.toAmount).decimalPlaces()).toBeLessThanOrEqual(6);
    expect(new Decimal(indicative.data.toAmount).sub(price).abs().lt('0.0001')).toBe(true);

    // A bigger size walks deeper into the bids: a lower average price.
    const big = await api.call<Quote>('POST', '/institution/getQuote', { body: { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '40' } });
    expect(big.code).toBe(200);
    expect(new Decimal(big.data.marketPrice).lte(market)).toBe(true);

    // By the other side's amount: pay what it takes to receive exactly 1000 USDT.
    const byTo = await api.call<Quote>('POST', '/institution/getQuote', { body: { fromAsset: 'ETH', toAsset: 'USDT', toAmount: '1000' } });
    expect(byTo.data.toAmount).toBe('1000');
    expect(byTo.data.fixed).toBe('to');
    expect(new Decimal(byTo.data.fromAmount).mul(byTo.data.marketPrice).mul(0.999).toNumber()).toBeCloseTo(1000, 0);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const reply = await api.call<{ field: string }>('POST', '/institution/getQuote', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.data.field).toBe(field);
    };
    await bad({ fromAsset: 'BTC', toAsset: 'USDT' }, 'fromAmount');
    await bad({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1', toAmount: '2' }, 'toAmount');
    await bad({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '0.123456789' }, 'fromAmount');
    await bad({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '0' }, 'fromAmount');
    await bad({ fromAsset: 'DOGE', toAsset: 'USDT', fromAmount: '1' }, 'fromAsset');
    await bad({ fromAsset: 'USD', toAsset: 'HKD', fromAmount: '100' }, 'toAsset');
    await bad({ fromAsset: 'BTC', toAsset: 'BTC', fromAmount: '1' }, 'toAsset');
    expect((await api.call('POST', '/institution/getQuote', { body: { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '-1' } })).status).toBe(400);
    // Per-order range (spec §5): business refusals with the limits to show.
    const under = await api.call<{ min: string }>('POST', '/institution/getQuote', { body: { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '0.00001' } });
    expect(under.code).toBe(Code.amountOutOfRange);
    expect(under.data.min).toBe('0.0001');
    const over = await api.call('POST', '/institution/getQuote', { body: { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '3000001' } });
    expect(over.code).toBe(Code.amountOutOfRange);
  });

  it('a user without a Google authenticator, or without KYC, gets no firm quote', async () => {
    const noGa = await quote({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1' });
    expect(noGa.code).toBe(Code.gaState);
    const stranger = await api.token(await api.register('Passw0rd!x'), 'Passw0rd!x');
    const noKyc = await call('/institution/quote', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1' }, stranger);
    expect(noKyc.code).toBe(Code.kycState);
    expect(noKyc.data).toEqual({ level: 'basic' });
    const noKycFiat = await call('/institution/quote', { fromAsset: 'USD', toAsset: 'USDT', fromAmount: '100' }, stranger);
    expect(noKycFiat.data).toEqual({ level: 'advanced' });
    // Without a token: 401, nothing quoted.
    expect((await api.call('POST', '/institution/quote', { body: { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1' } })).status).toBe(401);
    // Bind the authenticator for the rest of the file.
    await bindGaWithStepUp(api, token, demoUser.password);
  });

  it('converts 1 BTC to USDT at a firm quote: exactly the quoted amounts move, once, and the record shows them', async () => {
    const before = await capital();
    const q = await quote({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1' });
    expect(q.code).toBe(200);
    expect(q.data.quoteId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(Date.parse(q.data.expiresAt) - Date.parse(q.data.serverTime)).toBe(CONVERT_QUOTE_TTL_MS);
    const id = requestId();
    const filled = await order(q.data.quoteId, id);
    expect(filled.code).toBe(200);
    expect(filled.data).toMatchObject({ quoteId: q.data.quoteId, fromAmount: '1', toAmount: q.data.toAmount, status: 'success' });
    const after = await capital();
    expect(before['BTC']!.sub(after['BTC']!).toFixed()).toBe('1');
    expect(after['USDT']!.sub(before['USDT']!).toFixed()).toBe(new Decimal(q.data.toAmount).toFixed());

    // A retry with the same request id returns the same order and moves nothing again.
    const retry = await order(q.data.quoteId, id);
    expect(retry.data.orderId).toBe(filled.data.orderId);
    // Another request on the used quote is refused.
    const reused = await order(q.data.quoteId);
    expect(reused.code).toBe(Code.quoteUsed);
    expect((await capital())['BTC']!.eq(after['BTC']!)).toBe(true);

    const page = await call<{ list: Order[]; total: number }>('/institution/pageSwapOrderRecord', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { fromAsset: 'BTC' } });
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({ orderId: filled.data.orderId, fromAmount: '1', toAmount: q.data.toAmount });
  });

  it('exports the convert records as xlsx with the page’s filters, exactly the filled amounts', async () => {
    const response = await fetch(`${api.base}/account/bill/export`, {
      method: 'POST',
      headers: { source: 'web', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: new URLSearchParams({ kind: 'convert', type: 'coin', fromAsset: 'BTC', days: '30', lang: 'en-US', tz: 'Asia/Hong_Kong' }),
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Convert records');
    expect(String(sheet.getRow(2).getCell(1).value)).toContain('from BTC');
    const header = sheet.getRow(6).values as unknown[];
    expect(header.slice(1, 5)).toEqual(['Order ID', 'Time', 'Type', 'From']);
    const page = await call<{ list: Order[] }>('/institution/pageSwapOrderRecord', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { fromAsset: 'BTC' } });
    const row = sheet.getRow(7).values as unknown[];
    expect(row[1]).toBe(page.data.list[0]!.orderId);
    expect(row[5]).toBe(1);
    expect(String(row[7])).toBe(new Decimal(page.data.list[0]!.toAmount).toFixed());
    expect(sheet.getRow(8).values).toEqual([]);
    // A pair filter on another kind of export is bad input (a 400 envelope, not a file).
    const wrong = await fetch(`${api.base}/account/bill/export`, {
      method: 'POST',
      headers: { source: 'web', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: new URLSearchParams({ kind: 'transfer', fromAsset: 'BTC' }),
    });
    expect(wrong.status).toBe(400);
  });

  it('an expired quote is refused and nothing moves; an unknown or another user’s quote is unknown', async () => {
    const before = await capital();
    const q = await quote({ fromAsset: 'USDT', toAsset: 'ETH', fromAmount: '1000' });
    expect(q.code).toBe(200);
    api.clock.advance(CONVERT_QUOTE_TTL_MS + 1);
    const late = await order(q.data.quoteId);
    expect(late.code).toBe(Code.quoteExpired);
    expect(await capital()).toEqual(before);
    expect((await order('abcdefghijklmnopqrstuv')).status).toBe(400);
  });

  it('20 parallel orders on one quote: exactly one fills', async () => {
    const before = await capital();
    const q = await quote({ fromAsset: 'ETH', toAsset: 'USDT', fromAmount: '2' });
    const tally = await burst(20, () => order(q.data.quoteId));
    expect(tally.get(200)).toBe(1);
    expect(tally.get(Code.quoteUsed)).toBe(19);
    const after = await capital();
    expect(before['ETH']!.sub(after['ETH']!).toFixed()).toBe('2');
    expect(after['USDT']!.sub(before['USDT']!).toFixed()).toBe(new Decimal(q.data.toAmount).toFixed());
  });

  it('insufficient balance at the order (checked again) moves nothing and leaves the quote usable', async () => {
    const btc = (await capital())['BTC']!;
    const first = await quote({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: btc.toFixed() });
    const second = await quote({ fromAsset: 'BTC', toAsset: 'ETH', fromAmount: btc.toFixed() });
    expect(first.code).toBe(200);
    expect(second.code).toBe(200);
    expect((await order(first.data.quoteId)).code).toBe(200);
    const mid = await capital();
    const refused = await order(second.data.quoteId);
    expect(refused.code).toBe(Code.insufficientBalance);
    expect(await capital()).toEqual(mid);
    // Beyond the balance, the quote itself is refused.
    expect((await quote({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1' })).code).toBe(Code.insufficientBalance);
    // Buy some BTC back for the next tests.
    const back = await quote({ fromAsset: 'USDT', toAsset: 'BTC', toAmount: '2' });
    expect((await order(back.data.quoteId)).code).toBe(200);
  });

  it('fiat converts at the desk rate with the fiat spread', async () => {
    const before = await capital();
    const q = await quote({ fromAsset: 'HKD', toAsset: 'USDT', fromAmount: '7800' });
    expect(q.data.marketPrice).toBe(new Decimal(1).div(7.8).toSignificantDigits(10).toFixed());
    expect(q.data.spread).toBe('0.002');
    expect(q.data.toAmount).toBe('998');
    expect((await order(q.data.quoteId)).code).toBe(200);
    const after = await capital();
    expect(before['HKD']!.sub(after['HKD']!).toFixed()).toBe('7800');
    expect(after['USDT']!.sub(before['USDT']!).toFixed()).toBe('998');
  });

  it('a disabled pair, convert switched off, a frozen account and the daily limit refuse, and nothing moves', async () => {
    const before = await capital();
    const disable = (disabled: boolean) => api.call('POST', '/_dev/convert/disabledPair', { body: { fromAsset: 'SOL', toAsset: 'USDT', disabled } });
    await disable(true);
    const pairs = await api.call<unknown[]>('POST', '/institution/block/listDisabledPairNotLogin');
    expect(pairs.data).toEqual([{ fromAsset: 'SOL', toAsset: 'USDT' }]);
    expect((await api.call('POST', '/institution/getQuote', { body: { fromAsset: 'SOL', toAsset: 'USDT', fromAmount: '1' } })).code).toBe(Code.pairDisabled);
    await disable(false);

    // A quote made before operations switched convert off is not filled after it.
    const q = await quote({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '100' });
    expect(q.code).toBe(200);
    await setAccount({ disabled: ['convert'] });
    expect((await order(q.data.quoteId)).code).toBe(Code.serviceSuspended);
    expect((await quote({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '100' })).code).toBe(Code.serviceSuspended);
    await setAccount({ disabled: [], frozen: true });
    expect((await order(q.data.quoteId)).code).toBe(Code.frozen);
    await setAccount({ frozen: false });

    const limit = DESK.dailyLimitUsd;
    try {
      const usage = await call<{ usedTodayUsd: string }>('/institution/listUserOrganizationRiskConfig');
      DESK.dailyLimitUsd = new Decimal(usage.data.usedTodayUsd).add(50);
      const over = await quote({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '100' });
      expect(over.code).toBe(Code.quoteLimitExceeded);
      // A quote made under the limit is refused at the order when the day's total would pass it.
      expect((await order(q.data.quoteId)).code).toBe(Code.quoteLimitExceeded);
    } finally {
      DESK.dailyLimitUsd = limit;
    }
    expect(await capital()).toEqual(before);
  });
});
