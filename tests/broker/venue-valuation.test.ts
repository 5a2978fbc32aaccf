import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketView } from '../../server/trade/index.ts';
import type { SimVenue } from '../../server/sim/index.ts';
import { TradeApi } from '../trade/harness.ts';
import { page } from './brokers.ts';

/**
 * Broker valuation per venue (server/broker/valuation.ts): a sub-account on OKX is valued at OKX's simulated books,
 * one on Binance at Binance's. The simulators run on a manual scheduler, so the books hold still while the test reads.
 */

interface Account {
  brokerAccountId: string;
  exchangeCode: string;
  subAccountName: string;
  totalValueUsdt: string;
}
interface Balance {
  brokerAccountId: string;
  asset: string;
  total: string;
  price: string;
  valueUsdt: string;
}

let api: TradeApi;
beforeAll(async () => {
  api = await TradeApi.startTrade();
}, 90_000);
afterAll(async () => api?.close());

function lastPrice(venue: SimVenue, asset: string): string {
  const view = new MarketView(api.venues.get(venue));
  return view.lastPrice(view.pair('spot', `${asset}USDT`).inst).toFixed();
}

describe('broker sub-accounts valued at their own venue', () => {
  it('the OKX sub-account’s coins are priced at OKX’s last price, the Binance one’s at Binance’s, and the two differ', async () => {
    const accounts = await api.post<{ list: Account[] }>('/broker/account/pageBrokerAccount', { pageCondition: page });
    expect(accounts.code).toBe(200);
    const okx = accounts.data.list.find((a) => a.exchangeCode === 'okx')!;
    const binance = accounts.data.list.find((a) => a.exchangeCode === 'binance')!;
    const rowsOf = async (brokerAccountId: string) => {
      const rows: Balance[] = [];
      for (const wallet of ['spotPage', 'fundingPage', 'earnPage', 'futuresPage']) {
        const reply = await api.post<{ list: Balance[] }>(`/broker/account/capital/${wallet}`, { pageCondition: page, queryCondition: { brokerAccountId, hideZero: true } });
        expect(reply.code, wallet).toBe(200);
        rows.push(...reply.data.list);
      }
      return rows;
    };
    const okxCoins = (await rowsOf(okx.brokerAccountId)).filter((r) => r.asset !== 'USDT' && new Decimal(r.price).gt(0));
    expect(okxCoins.length).toBeGreaterThan(0);
    for (const row of okxCoins) {
      expect(row.price, row.asset).toBe(lastPrice('okx', row.asset));
      expect(row.price, row.asset).not.toBe(lastPrice('binance', row.asset));
      expect(row.valueUsdt).toBe(new Decimal(row.total).mul(row.price).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed());
    }
    const binanceCoins = (await rowsOf(binance.brokerAccountId)).filter((r) => r.asset !== 'USDT' && new Decimal(r.price).gt(0));
    expect(binanceCoins.length).toBeGreaterThan(0);
    for (const row of binanceCoins) expect(row.price, row.asset).toBe(lastPrice('binance', row.asset));
  });
});
