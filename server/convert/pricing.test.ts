import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { MarketView } from '../trade/index.ts';
import type { Level } from '../trade/index.ts';
import { convertAsset, DeskPricer, NoLiquidity, priceConvert } from './pricing.ts';

/** A market view over fixed books: BTCUSDT bids 100 × 1 BTC, 90 × 2 BTC; asks 110 × 1 BTC, 120 × 1 BTC. */
function view(books: Record<string, { bids: [number, number][]; asks: [number, number][] }>): MarketView {
  const levels = (rows: [number, number][]): Level[] => rows.map(([price, qty]) => ({ price: new Decimal(price), qty: new Decimal(qty) }));
  return {
    *opposite(inst: { symbol: string }, side: 'buy' | 'sell') {
      const book = books[inst.symbol]!;
      yield* levels(side === 'buy' ? book.asks : book.bids);
    },
  } as unknown as MarketView;
}

const pricer = new DeskPricer(view({ BTCUSDT: { bids: [[100, 1], [90, 2]], asks: [[110, 1], [120, 1]] }, ETHUSDT: { bids: [[10, 50]], asks: [[11, 50]] } }));
const d = (v: Decimal.Value) => new Decimal(v);

describe('the desk prices by walking the books', () => {
  it('sells through the bids and buys through the asks, by base or by quote, partial levels included', () => {
    expect(pricer.usdtForSelling('BTC', d('1.5')).toFixed()).toBe('145'); // 1 × 100 + 0.5 × 90
    expect(pricer.usdtToBuy('BTC', d('1.5')).toFixed()).toBe('170'); // 1 × 110 + 0.5 × 120
    expect(pricer.boughtWithUsdt('BTC', d('170')).toFixed()).toBe('1.5');
    expect(pricer.sellForUsdt('BTC', d('145')).toFixed()).toBe('1.5');
    expect(pricer.usdtForSelling('HKD', d('78')).toFixed()).toBe('10');
    expect(() => pricer.usdtForSelling('BTC', d('3.5'))).toThrow(NoLiquidity);
  });

  it('takes the spread off what the user receives, rounding against the user on the side it computes', () => {
    const btc = convertAsset('BTC')!;
    const usdt = convertAsset('USDT')!;
    const sell = priceConvert(pricer, d('0.001'), btc, usdt, { side: 'from', amount: d('1.5') });
    expect(sell.toAmount.toFixed()).toBe('144.855'); // 145 × 0.999
    expect(sell.marketPrice.toFixed()).toBe(d(145).div('1.5').toSignificantDigits(10).toFixed());
    // Received by the user, fixed: the BTC paid rounds up to 8 decimals.
    const exact = priceConvert(pricer, d('0.001'), btc, usdt, { side: 'to', amount: d('100') });
    expect(exact.toAmount.toFixed()).toBe('100');
    expect(exact.fromAmount.toFixed()).toBe('1.00100101'); // 100 / 0.999 / 100 = 1.001001001… → up
    // Through USDT: BTC → ETH sells on BTCUSDT, buys on ETHUSDT.
    const cross = priceConvert(pricer, d('0'), btc, convertAsset('ETH')!, { side: 'from', amount: d('1') });
    expect(cross.toAmount.toFixed()).toBe(d(100).div(11).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
  });

  it('values a holding deeper than the book at the best bid', () => {
    expect(pricer.holdingUsd('BTC', d('1')).toFixed()).toBe('100');
    expect(pricer.holdingUsd('BTC', d('10')).toFixed()).toBe('1000');
    expect(pricer.holdingUsd('BTC', d('0')).toFixed()).toBe('0');
  });
});
