import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { OTC_TERMS } from '../../contract/otc.ts';
import { OTC_DESK } from '../../server/otc/routes.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { capitalBalance, moneySuite, requestIds } from '../api/suite.ts';

/**
 * OTC block trading against the sandbox (issue 12): the desk's terms (200,000 USD minimum, Mon–Fri 00:00–17:00
 * UTC, T+1), instant quotes accepted once and held until settlement, delegated orders filled at their limit by
 * the books or by operations, cancelled, rejected or expired with their hold released — the ledger's invariants
 * after every scenario. The fake clock starts on a Monday at 09:00 UTC.
 */
interface Order {
  orderId: string;
  mode: string;
  status: string;
  fromAmount: string;
  toAmount: string;
  price: string;
  timeline: { requestedAt: string; quotedAt: string | null; acceptedAt: string | null; settledAt: string | null; resultBy: string; settlesAt: string | null; closedAt: string | null };
}
interface Quote {
  quoteId: string;
  fromAmount: string;
  toAmount: string;
  usdValue: string;
  expiresAt: string;
  serverTime: string;
}

const DAY = 86_400_000;

describe.each(securityBackends())('OTC block trading ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  const requestId = requestIds('otc-test');
  const call = <T>(path: string, body?: unknown, as = token) => api.call<T>('POST', path, { token: as, ...(body === undefined ? {} : { body }) });
  const capital = async (asset: string) => {
    const { free, locked } = await capitalBalance(api, token, asset);
    return { free: new Decimal(free), locked: new Decimal(locked) };
  };
  /** Moves the sandbox clock through the dev control, which runs the desk's clock work at once; past the 30-minute idle timeout, signs in again. */
  const advance = async (ms: number) => {
    const moved = await api.call('POST', '/_dev/clock/advance', { body: { ms } });
    expect(moved.code).toBe(200);
    if (ms >= 30 * 60_000) token = await api.token();
  };
  const order = (quoteId: string, id = requestId()) => call<Order>('/institution/block/order', { quoteId, requestId: id });
  const limit = (body: Record<string, string>) => call<Order>('/institution/block/addLimitOrder', { requestId: requestId(), ...body });
  const serverNow = async () => Date.parse((await api.call<{ hours: { serverTime: string } }>('POST', '/institution/block/listBlockTradeConfigure')).data.hours.serverTime);
  const record = async (orderId: string) => {
    const page = await call<{ list: Order[] }>('/institution/block/pageBlockOrderRecord', { pageCondition: { pageNum: 1, pageSize: 100 } });
    return page.data.list.find((o) => o.orderId === orderId)!;
  };

  moneySuite(backend, (started) => {
    ({ api, token } = started);
  });

  it('publishes the desk’s terms without a token and refuses a quote below 200,000 USD', async () => {
    const config = await api.call<{ minUsd: string; resultMinutes: number; hours: { open: boolean; nextCloseAt: string } }>('POST', '/institution/block/listBlockTradeConfigure');
    expect(config.data).toMatchObject({ minUsd: '200000', resultMinutes: 30, settlementDays: 1, hours: { open: true, days: [1, 2, 3, 4, 5], openUtcHour: 0, closeUtcHour: 17 } });
    expect(new Date(config.data.hours.nextCloseAt).getUTCHours()).toBe(17);
    const small = await api.call<{ minUsd: string }>('POST', '/institution/block/getQuote', { body: { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '1' } });
    expect(small.code).toBe(Code.otcBelowMinimum);
    expect(small.data.minUsd).toBe('200000');
    const indicative = await api.call<Quote>('POST', '/institution/block/getQuote', { body: { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '250000' } });
    expect(indicative.code).toBe(200);
    expect(indicative.data.usdValue).toBe('250000');
    expect(indicative.data).not.toHaveProperty('quoteId');
  });

  it('needs advanced KYC', async () => {
    const stranger = await api.token(await api.register('Passw0rd!x'), 'Passw0rd!x');
    const reply = await call('/institution/block/quote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '250000' }, stranger);
    expect(reply.code).toBe(Code.kycState);
    expect(reply.data).toEqual({ level: 'advanced' });
  });

  it('an instant quote of 250,000 USDT of BTC is accepted once, held, and settles T+1 at exactly the quoted amounts', async () => {
    const usdtBefore = await capital('USDT');
    const btcBefore = await capital('BTC');
    const q = await call<Quote>('/institution/block/quote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '250000' });
    expect(q.code).toBe(200);
    expect(Date.parse(q.data.expiresAt) - Date.parse(q.data.serverTime)).toBe(OTC_TERMS.quoteTtlMs);
    // 20 parallel accepts of one quote, each its own request: exactly one order, whichever of them wins.
    const ids = Array.from({ length: 20 }, () => requestId());
    const won: string[] = [];
    const tally = await burst(20, async (i) => {
      const reply = await order(q.data.quoteId, ids[i]!);
      if (reply.code === 200) won.push(ids[i]!);
      return reply;
    });
    expect(tally.get(200)).toBe(1);
    expect(tally.get(Code.quoteUsed)).toBe(19);
    const accepted = await order(q.data.quoteId, won[0]); // the winning request again: the same order
    expect(accepted.code).toBe(200);
    expect(accepted.data).toMatchObject({ mode: 'quote', status: 'pendingSettlement', fromAmount: '250000', toAmount: q.data.toAmount });
    const t = accepted.data.timeline;
    expect(Date.parse(t.resultBy) - Date.parse(t.requestedAt)).toBe(30 * 60_000);
    expect(Date.parse(t.settlesAt!) - Date.parse(t.acceptedAt!)).toBe(DAY);
    // Held, not yet paid.
    const held = await capital('USDT');
    expect(usdtBefore.free.sub(held.free).toFixed()).toBe('250000');
    expect(held.locked.sub(usdtBefore.locked).toFixed()).toBe('250000');
    expect((await capital('BTC')).free.eq(btcBefore.free)).toBe(true);

    await advance(DAY - 1000);
    expect((await record(accepted.data.orderId)).status).toBe('pendingSettlement');
    await advance(1000);
    const settled = await record(accepted.data.orderId);
    expect(settled.status).toBe('settled');
    expect(settled.timeline.settledAt).not.toBeNull();
    const after = await capital('USDT');
    expect(after.locked.eq(usdtBefore.locked)).toBe(true);
    expect(after.free.eq(usdtBefore.free.sub(250000))).toBe(true);
    expect((await capital('BTC')).free.sub(btcBefore.free).toFixed()).toBe(new Decimal(q.data.toAmount).toFixed());
  });

  it('an expired quote is refused and nothing is held; more than the balance is refused', async () => {
    const before = await capital('BTC');
    const q = await call<Quote>('/institution/block/quote', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4' });
    expect(q.code).toBe(200);
    await advance(OTC_TERMS.quoteTtlMs + 1);
    expect((await order(q.data.quoteId)).code).toBe(Code.quoteExpired);
    expect(await capital('BTC')).toEqual(before);
    expect((await call('/institution/block/quote', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '50' })).code).toBe(Code.insufficientBalance);
  });

  it('above the user’s quote limit: "contact the operations manager"', async () => {
    const limitUsd = OTC_DESK.quoteLimitUsd;
    try {
      OTC_DESK.quoteLimitUsd = new Decimal(240_000);
      const reply = await call('/institution/block/quote', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4' });
      expect(reply.code).toBe(Code.quoteLimitExceeded);
      expect(reply.msg).toBe('Quote limit exceeded: contact the operations manager');
    } finally {
      OTC_DESK.quoteLimitUsd = limitUsd;
    }
  });

  it('a delegated order holds its amount, fills at exactly its limit when the books reach it, and settles T+1', async () => {
    const start = await capital('BTC');
    const expiresAt = async (ms: number) => new Date((await serverNow()) + ms).toISOString();
    // Above the market (within the desk's 20 % band): it waits.
    const high = await limit({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4', limitPrice: '74000', expiresAt: await expiresAt(DAY) });
    expect(high.code).toBe(200);
    expect(high.data.status).toBe('open');
    expect((await capital('BTC')).locked.sub(start.locked).toFixed()).toBe('4');
    await advance(1000);
    expect((await record(high.data.orderId)).status).toBe('open');
    // Cancelled while open: the hold is released; a second cancel is refused.
    const cancelled = await call<Order>('/institution/block/cancelLimitOrder', { orderId: high.data.orderId });
    expect(cancelled.data.status).toBe('cancelled');
    expect((await capital('BTC')).locked.eq(start.locked)).toBe(true);
    expect((await call('/institution/block/cancelLimitOrder', { orderId: high.data.orderId })).code).toBe(Code.otcOrderState);

    // At or below the desk's price for the size: the next sweep fills it at the limit.
    const low = await limit({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4', limitPrice: '60000', expiresAt: await expiresAt(DAY) });
    expect(low.data.toAmount).toBe('240000');
    await advance(1000);
    const filled = await record(low.data.orderId);
    expect(filled.status).toBe('pendingSettlement');
    expect(filled.timeline.acceptedAt).not.toBeNull();
    await advance(DAY);
    expect((await record(low.data.orderId)).status).toBe('settled');
    const after = await capital('BTC');
    expect(start.free.sub(after.free).toFixed()).toBe('4');
    expect(after.locked.eq(start.locked)).toBe(true);
  });

  it('operations reject a delegated order, an expired one releases its hold, and bad expiries are refused', async () => {
    const start = await capital('USDT');
    const now = await serverNow();
    const body = (ms: number) => ({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000', limitPrice: '0.0000166667', expiresAt: new Date(now + ms).toISOString() });
    const rejected = await limit(body(DAY));
    expect(rejected.data.status).toBe('open');
    const decided = await api.call<{ status: string }>('POST', '/_dev/otc/limit/decide', { body: { orderId: rejected.data.orderId, fill: false } });
    expect(decided.data.status).toBe('rejected');
    const expiring = await limit(body(3_600_000));
    expect((await capital('USDT')).locked.sub(start.locked).toFixed()).toBe('210000');
    await advance(2 * 3_600_000);
    expect((await record(expiring.data.orderId)).status).toBe('expired');
    expect((await capital('USDT')).locked.eq(start.locked)).toBe(true);
    expect((await limit(body(-1000))).status).toBe(400);
    expect((await limit(body(31 * DAY))).status).toBe(400);
    expect((await limit({ ...body(DAY), fromAmount: '1000' })).code).toBe(Code.otcBelowMinimum);
  });

  it('refuses a delegated limit more than 20 % from the desk’s price with a 400 naming limitPrice and the band, holding nothing', async () => {
    const before = await capital('USDT');
    const expiresAt = new Date((await serverNow()) + DAY).toISOString();
    const desk = await call<{ price: string }>('/institution/block/getQuote', { fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000' });
    expect(desk.code).toBe(200);
    // The desk's price read as traders do: USDT per BTC (the wire's limit is BTC per USDT).
    const usdtPerBtc = new Decimal(1).div(desk.data.price).toSignificantDigits(8);
    // The slip: 64,000 typed where the wire wants BTC per USDT — 13,440,000,000 BTC for 210,000 USDT.
    const slip = await limit({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000', limitPrice: '64000', expiresAt });
    expect(slip.status).toBe(400);
    expect(slip.code).toBe(Code.badRequest);
    // The band is around the desk's price when the order came: the market may move a little between the quote read
    // above and the order (the simulator runs on the wall clock), so the reference is near the quote, and the band's
    // ends are the reference's ±20 % exactly.
    const refused = slip.data as unknown as { reference: string; lowest: string; highest: string };
    expect(slip.data).toMatchObject({ field: 'limitPrice', rule: 'priceBand', bandPercent: '20', base: 'BTC', quote: 'USDT' });
    const reference = new Decimal(refused.reference);
    expect(reference.div(usdtPerBtc).sub(1).abs().lt('0.002'), `${refused.reference} near ${usdtPerBtc.toFixed()}`).toBe(true);
    expect(refused.lowest).toBe(reference.mul('0.8').toDecimalPlaces(reference.decimalPlaces(), Decimal.ROUND_UP).toFixed());
    expect(refused.highest).toBe(reference.mul('1.2').toDecimalPlaces(reference.decimalPlaces(), Decimal.ROUND_DOWN).toFixed());
    expect(await capital('USDT')).toEqual(before);
    // Just outside on either side, in the trader's unit, is refused too; the other direction of the pair the same.
    const wire = (price: Decimal) => new Decimal(1).div(price).toDecimalPlaces(18, Decimal.ROUND_UP).toFixed();
    expect((await limit({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000', limitPrice: wire(usdtPerBtc.mul('1.21')), expiresAt })).data).toMatchObject({ rule: 'priceBand' });
    expect((await limit({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000', limitPrice: wire(usdtPerBtc.mul('0.79')), expiresAt })).data).toMatchObject({ rule: 'priceBand' });
    const far = await limit({ fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4', limitPrice: '1000000', expiresAt });
    expect(far.status).toBe(400);
    expect(far.data).toMatchObject({ field: 'limitPrice', rule: 'priceBand', base: 'BTC', quote: 'USDT' });
    expect(await capital('USDT')).toEqual(before);
    // Within the band it is placed and held; cancelling releases it.
    const fair = await limit({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000', limitPrice: wire(usdtPerBtc.mul('0.9').toSignificantDigits(6)), expiresAt });
    expect(fair.code).toBe(200);
    expect(fair.data.status).toBe('open');
    expect((await capital('USDT')).locked.sub(before.locked).toFixed()).toBe('210000');
    expect((await call<Order>('/institution/block/cancelLimitOrder', { orderId: fair.data.orderId })).data.status).toBe('cancelled');
    expect(await capital('USDT')).toEqual(before);
  });

  it('takes an enquiry without an account, checks it, and limits it per source address', async () => {
    const form = { companyName: 'Example Capital Ltd', contactName: 'Chan Tai Man', email: 'desk@example.com', fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '500000' };
    const first = await api.call<{ enquiryId: string; resultBy: string }>('POST', '/institution/block/enquiry', { body: form });
    expect(first.code).toBe(200);
    expect(Date.parse(first.data.resultBy) - (await serverNow())).toBe(30 * 60_000);
    expect((await api.call('POST', '/institution/block/enquiry', { body: { ...form, email: 'not-an-email' } })).status).toBe(400);
    expect((await api.call('POST', '/institution/block/enquiry', { body: { ...form, toAsset: 'DOGE' } })).status).toBe(400);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await api.call('POST', '/institution/block/enquiry', { body: form })).code);
    expect(codes).toEqual([200, 200, 200, 200, Code.sendLimited]);
  });

  it('outside Mon–Fri 00:00–17:00 UTC the desk refuses with the time it opens', async () => {
    const config = await api.call<{ hours: { serverTime: string; nextCloseAt: string } }>('POST', '/institution/block/listBlockTradeConfigure');
    await advance(Date.parse(config.data.hours.nextCloseAt) - Date.parse(config.data.hours.serverTime) + 60_000);
    const closed = await call<{ nextOpenAt: string }>('/institution/block/quote', { fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4' });
    expect(closed.code).toBe(Code.otcClosed);
    expect(new Date(closed.data.nextOpenAt).getUTCHours()).toBe(0);
    const deposit = await call<{ address: string }>('/block/trade/getAddress', { asset: 'USDT', network: 'TRX' });
    expect(deposit.data.address).toMatch(/^T/);
  });
});
