import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { estimatedLiquidation, requiredFunds, validateOrder, volumeForPercent, volumeFromQuote, type BalanceContext, type PairRules } from './validate.ts';

const spot: PairRules = { market: 'spot', baseAsset: 'ETH', quoteAsset: 'USDT', tickSize: '0.01', stepSize: '0.0001', minNotional: '5' };
const usdm: PairRules = { market: 'usdm', baseAsset: 'ETH', quoteAsset: 'USDT', tickSize: '0.01', stepSize: '0.001', minNotional: '20' };
const rich: BalanceContext = { available: new Decimal('10000'), referencePrice: new Decimal('3200') };
const limit = (price: string, volume: string, direction: 'buy' | 'sell' = 'buy') => ({ direction, priceType: 'limit' as const, price, volume });

describe('validateOrder', () => {
  it('accepts a limit order on tick and step within the balance', () => {
    const r = validateOrder(spot, limit('3200.01', '0.5'), rich);
    expect(r.errors).toEqual({});
    expect(r.price?.toFixed()).toBe('3200.01');
    expect(r.volume?.toFixed()).toBe('0.5');
  });

  it.each([
    ['', 'errors.required'],
    ['abc', 'errors.notNumeric'],
    ['1,5', 'errors.notNumeric'],
    ['0x10', 'errors.notNumeric'],
    ['1e3', 'errors.notNumeric'],
    ['-1', 'errors.notPositive'],
    ['0', 'errors.notPositive'],
    ['0.00001', 'errors.tooManyDecimals'],
  ])('volume %j → %s', (volume, key) => {
    const r = validateOrder(spot, limit('3200', volume), rich);
    expect(r.errors.volume?.key).toBe(key);
    expect(r.volume).toBeNull();
  });

  it('names the allowed decimals and the minimums', () => {
    expect(validateOrder(spot, limit('3200.001', '1'), rich).errors.price).toEqual({ key: 'errors.tooManyDecimals', params: { max: 2 } });
    expect(validateOrder(spot, limit('1', '1'), rich).errors.volume).toEqual({ key: 'errors.belowMinNotional', params: { min: '5', asset: 'USDT' } });
  });

  it('names the upper bounds of the filters: maxPrice, maxQty (market: MARKET_LOT_SIZE) and maxNotional for limit orders', () => {
    const bounded: PairRules = { ...spot, maxPrice: '10000', maxQty: '900', marketMaxQty: '100', maxNotional: '1000000' };
    const huge: BalanceContext = { available: new Decimal('1e12'), referencePrice: new Decimal('3200') };
    expect(validateOrder(bounded, limit('10000.01', '1'), huge).errors.price).toEqual({ key: 'errors.aboveMaxPrice', params: { max: '10000', asset: 'USDT' } });
    expect(validateOrder(bounded, limit('10000', '1'), huge).errors).toEqual({});
    expect(validateOrder(bounded, limit('1', '900.0001'), huge).errors.volume).toEqual({ key: 'errors.aboveMaxQty', params: { max: '900', asset: 'ETH' } });
    const market = { direction: 'buy' as const, priceType: 'market' as const, price: '', volume: '100.0001' };
    expect(validateOrder(bounded, market, huge).errors.volume).toEqual({ key: 'errors.aboveMaxQty', params: { max: '100', asset: 'ETH' } });
    expect(validateOrder(bounded, limit('10000', '100.0001'), huge).errors.volume).toEqual({ key: 'errors.aboveMaxNotional', params: { max: '1000000', asset: 'USDT' } });
    expect(validateOrder(bounded, limit('10000', '100'), huge).errors).toEqual({});
  });

  it("refuses below the venue's minimum size when it is above a step (OKX minSz, Bybit minOrderQty)", () => {
    // OKX BTC-USDT spot: tick 0.1, lot 0.00000001, minSz 0.00001.
    const okx: PairRules = { market: 'spot', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.00000001', minQty: '0.00001' };
    const r = validateOrder(okx, limit('64000.1', '0.000009'), { ...rich, referencePrice: new Decimal('64000') });
    expect(r.errors.volume).toEqual({ key: 'errors.belowMinimum', params: { min: '0.00001', asset: 'BTC' } });
    expect(validateOrder(okx, limit('64000.1', '0.00001'), { ...rich, referencePrice: new Decimal('64000') }).errors).toEqual({});
    expect(validateOrder(okx, limit('64000.15', '0.00001'), rich).errors.price).toEqual({ key: 'errors.tooManyDecimals', params: { max: 1 } });
  });

  it('refuses a volume off a step that is not a power of ten', () => {
    const odd = { ...spot, stepSize: '0.5' };
    expect(validateOrder(odd, limit('10', '1.25'), rich).errors.volume).toEqual({ key: 'errors.tooManyDecimals', params: { max: 1 } });
    expect(validateOrder(odd, limit('10', '1.3'), rich).errors.volume).toEqual({ key: 'errors.stepMismatch', params: { step: '0.5' } });
    expect(validateOrder(odd, limit('10', '1.5'), rich).errors).toEqual({});
  });

  it('refuses above the balance: spot buys count quote, sells count base', () => {
    const ctx = { available: new Decimal('100'), referencePrice: null };
    expect(validateOrder(spot, limit('100', '1'), ctx).errors).toEqual({});
    expect(validateOrder(spot, limit('100', '1.0001'), ctx).errors.volume).toEqual({ key: 'errors.aboveBalance', params: { available: '100.0000', asset: 'USDT' } });
    const base = { available: new Decimal('2'), referencePrice: null };
    expect(validateOrder(spot, limit('100', '2', 'sell'), base).errors).toEqual({});
    expect(validateOrder(spot, limit('100', '2.0001', 'sell'), base).errors.volume?.params).toEqual({ available: '2.00000000', asset: 'ETH' });
  });

  it('futures need margin at the leverage plus the taker fee; closing part needs no margin', () => {
    const ctx = { available: new Decimal('1000'), referencePrice: new Decimal('3000'), leverage: 20, takerFeeRate: new Decimal('0.0005') };
    // 6 × 3000 / 20 = 900 margin + 9 fee = 909
    expect(requiredFunds(usdm, 'buy', new Decimal('3000'), new Decimal('6'), ctx).toFixed()).toBe('909');
    expect(validateOrder(usdm, { direction: 'buy', priceType: 'market', price: '', volume: '6' }, ctx).errors).toEqual({});
    expect(validateOrder(usdm, { direction: 'buy', priceType: 'market', price: '', volume: '6.7' }, ctx).errors.volume?.key).toBe('errors.aboveBalance');
    expect(validateOrder(usdm, { direction: 'sell', priceType: 'market', price: '', volume: '6.7' }, { ...ctx, closable: new Decimal('1') }).errors).toEqual({});
  });

  it('a market order without a reference price is not sized blind', () => {
    const r = validateOrder(spot, { direction: 'buy', priceType: 'market', price: 'ignored', volume: '1' }, { available: null, referencePrice: null });
    expect(r.errors).toEqual({ volume: { key: 'errors.noReferencePrice' } });
  });
});

describe('volumeForPercent', () => {
  it('spot buy: percent of the quote at the limit price, floored to the step', () => {
    const ctx = { available: new Decimal('1000'), referencePrice: null };
    expect(volumeForPercent(spot, 'buy', 'limit', 25, ctx, new Decimal('3000'))).toBe('0.0833');
    expect(volumeForPercent(spot, 'buy', 'limit', 100, ctx, new Decimal('3000'))).toBe('0.3333');
    expect(volumeForPercent(spot, 'buy', 'limit', 50, ctx, null)).toBe('');
  });

  it('spot sell: percent of the base', () => {
    expect(volumeForPercent(spot, 'sell', 'limit', 50, { available: new Decimal('0.33335'), referencePrice: null }, null)).toBe('0.1666');
  });

  it('futures: margin per unit at the leverage plus fee; the result passes the balance check', () => {
    const ctx = { available: new Decimal('1000'), referencePrice: new Decimal('3000'), leverage: 20, takerFeeRate: new Decimal('0.0005') };
    const volume = volumeForPercent(usdm, 'buy', 'market', 100, ctx, null);
    expect(volume).toBe('6.600');
    expect(validateOrder(usdm, { direction: 'buy', priceType: 'market', price: '', volume }, ctx).errors).toEqual({});
  });

  it('nothing to size with: empty', () => {
    expect(volumeForPercent(spot, 'buy', 'market', 50, { available: new Decimal(0), referencePrice: new Decimal(1) }, null)).toBe('');
    expect(volumeForPercent(spot, 'buy', 'market', 0, rich, null)).toBe('');
  });
});

describe('USD-M order types (issue 18)', () => {
  const usdm: PairRules = { market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', minNotional: '100' };
  const ctx: BalanceContext = { available: new Decimal('10000'), referencePrice: new Decimal('60000'), leverage: 20, takerFeeRate: new Decimal('0.0005') };
  const base = { direction: 'buy' as const, price: '', volume: '0.01' };

  it('a stop-market needs its trigger and is checked at it; a stop-limit needs both prices', () => {
    expect(validateOrder(usdm, { ...base, priceType: 'stop_market', stopPrice: '' }, ctx).errors.stopPrice?.key).toBe('errors.required');
    const ok = validateOrder(usdm, { ...base, priceType: 'stop_market', stopPrice: '61000.5' }, ctx);
    expect(ok.stopPrice?.toFixed()).toBe('61000.5');
    expect(ok.price).toBeNull();
    expect(validateOrder(usdm, { ...base, priceType: 'stop_market', stopPrice: '61000.55' }, ctx).errors.stopPrice?.key).toBe('errors.tooManyDecimals');
    const limit = validateOrder(usdm, { ...base, priceType: 'stop_limit', stopPrice: '61000' }, ctx);
    expect(limit.errors.price?.key).toBe('errors.required');
  });

  it('TP/SL: a long takes profit above and stops below the entry price; a short the other way; one of them is needed', () => {
    const long = { ...base, priceType: 'limit' as const, price: '60000', tpsl: true };
    expect(validateOrder(usdm, { ...long, takeProfit: '', stopLoss: '' }, ctx).errors.takeProfit?.key).toBe('errors.required');
    expect(validateOrder(usdm, { ...long, takeProfit: '59000', stopLoss: '' }, ctx).errors.takeProfit?.key).toBe('errors.mustBeAbove');
    expect(validateOrder(usdm, { ...long, takeProfit: '', stopLoss: '61000' }, ctx).errors.stopLoss?.key).toBe('errors.mustBeBelow');
    const good = validateOrder(usdm, { ...long, takeProfit: '62000', stopLoss: '58000' }, ctx);
    expect([good.takeProfit?.toFixed(), good.stopLoss?.toFixed()]).toEqual(['62000', '58000']);
    const short = validateOrder(usdm, { ...long, direction: 'sell', takeProfit: '62000', stopLoss: '58000' }, ctx);
    expect([short.errors.takeProfit?.key, short.errors.stopLoss?.key]).toEqual(['errors.mustBeBelow', 'errors.mustBeAbove']);
  });

  it('estimated liquidation price without the account: Binance brackets with the initial margin as the (isolated) wallet, at the tick on the safe side', () => {
    const p = new Decimal(60000);
    const liq = (direction: 'buy' | 'sell', qty: string, leverage: number, base = 'BTC', price = p) =>
      estimatedLiquidation({ symbol: `${base}USDT`, baseAsset: base, tickSize: '0.01' }, direction, price, new Decimal(qty), { available: null, referencePrice: null, leverage })?.toFixed(2) ?? null;
    // First tier (notional < 50,000, MMR 0.4 %, no maintenance amount): long 60000 × 0.95 / 0.996, short 60000 × 1.05 / 1.004.
    expect(liq('buy', '0.01', 20)).toBe('57228.92');
    expect(liq('sell', '0.01', 20)).toBe('62749.00');
    // 10 BTC: the notional at liquidation is in the third tier (MMR 1 %, maintenance amount 50 + 1,250 = 1,300):
    // long (30000 + 1300 − 600000) / (0.1 − 10) = 57444.444… (up to 57444.45), short (30000 + 1300 + 600000) / (0.1 + 10). A flat 0.4 % gave 57228.92.
    expect(liq('buy', '10', 20)).toBe('57444.45');
    expect(liq('sell', '10', 20)).toBe('62504.95');
    // The smaller listings' table starts at 1 %: SOL long 10× at 150 → (15 − 150) / (0.01 − 1) = 136.3636… (up to 136.37).
    expect(liq('buy', '1', 10, 'SOL', new Decimal(150))).toBe('136.37');
    // A 1× long is backed by its whole notional: no price liquidates it.
    expect(liq('buy', '1', 1)).toBeNull();
  });

  it('size in USDT converts to the base volume at the order price, floored to the step', () => {
    expect(volumeFromQuote('1000', new Decimal('60000'), '0.001')).toBe('0.016');
    expect(volumeFromQuote('10', new Decimal('60000'), '0.001')).toBe('');
    expect(volumeFromQuote('abc', new Decimal('60000'), '0.001')).toBe('');
    expect(volumeFromQuote('1000', null, '0.001')).toBe('');
  });
});
