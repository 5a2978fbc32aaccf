import { describe, expect, it } from 'vitest';
import { chartLines } from './chart-lines.ts';
import type { OrderView } from './futures-data/trade-api.ts';

const order = (o: Partial<OrderView>): OrderView =>
  ({ orderId: '1', direction: 'buy', priceType: 'limit', price: null, stopPrice: null, triggeredAt: null, tpsl: null, ...o }) as OrderView;

describe('chart price lines of open orders (issue 18)', () => {
  it('limits at their price, untriggered stops and TP/SL at their trigger, a fired stop-limit at its limit', () => {
    expect(
      chartLines([
        order({ orderId: '1', price: '60000' }),
        order({ orderId: '2', direction: 'sell', price: '61000' }),
        order({ orderId: '3', priceType: 'stop_market', stopPrice: '59000' }),
        order({ orderId: '4', priceType: 'stop_market', stopPrice: '65000', tpsl: 'take_profit' }),
        order({ orderId: '5', priceType: 'stop_market', stopPrice: '55000', tpsl: 'stop_loss' }),
        order({ orderId: '6', priceType: 'stop_limit', price: '58000', stopPrice: '58100', triggeredAt: '2026-01-01T00:00:00Z' }),
        order({ orderId: '7', priceType: 'market' }),
      ]).map((l) => [l.id, l.kind, l.price]),
    ).toEqual([
      ['1', 'buy', 60000],
      ['2', 'sell', 61000],
      ['3', 'stop', 59000],
      ['4', 'takeProfit', 65000],
      ['5', 'stopLoss', 55000],
      ['6', 'buy', 58000],
    ]);
  });
});
