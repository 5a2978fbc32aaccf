import { describe, expect, it } from 'vitest';
import type { OrderView } from './futures-data/trade-api.ts';
import { ownPrices } from './own-orders.ts';

const order = (direction: 'buy' | 'sell', price: string | null, priceType: 'limit' | 'market' = 'limit'): OrderView => ({
  orderId: `${direction}-${price}`,
  market: 'spot',
  instrumentId: 'BTCUSDT',
  symbol: 'BTCUSDT',
  direction,
  priceType,
  price,
  volume: '0.01',
  filledVolume: '0',
  filledAmount: '0',
  averagePrice: null,
  fee: '0',
  feeAsset: 'USDT',
  status: 'running',
  clientOrderId: null,
  createdAt: '',
  updatedAt: '',
});

describe('ownPrices', () => {
  const orders = [order('buy', '65016.25'), order('buy', '65010'), order('sell', '65020.01'), order('sell', null, 'market')];

  it('puts buys on the bids and sells on the asks, at the book precision', () => {
    expect([...ownPrices(orders, 'bid', '0.01', 2)].sort()).toEqual(['65010.00', '65016.25']);
    expect([...ownPrices(orders, 'ask', '0.01', 2)]).toEqual(['65020.01']);
  });

  it('marks the grouped bucket: bids rounded down to the step, asks up', () => {
    expect([...ownPrices(orders, 'bid', '10', 0)].sort()).toEqual(['65010']);
    expect([...ownPrices(orders, 'ask', '10', 0)]).toEqual(['65030']);
    expect([...ownPrices(orders, 'bid', '0.1', 1)].sort()).toEqual(['65010.0', '65016.2']);
  });

  it('ignores market orders and orders without a price', () => {
    expect(ownPrices([order('sell', null, 'market'), order('buy', '1', 'market')], 'ask', '0.01', 2).size).toBe(0);
    expect(ownPrices([order('buy', '1', 'market')], 'bid', '0.01', 2).size).toBe(0);
  });
});
