import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { session } from '../../../lib/session/index.ts';
import { tickersStore } from '../../../market/index.ts';
import { withMarketBridge } from '../../../market/testing.ts';
import type { Pair } from '../../market/index.ts';
import { futuresData } from '../futures-data/instance.ts';
import { tradeApi, type CapitalSnapshot, type PositionView } from '../futures-data/trade-api.ts';
import { leverageStore } from '../modals/leverage-store.ts';
import { TradeForm } from './TradeForm.tsx';
import { mountTicket, typeInto, unmountTicket } from './ticket-testing.tsx';

/*
 * The trade form's cost and estimated liquidation price with a position held (spec §2 "Futures trading": cost and
 * est. liquidation before submitting). Expected figures are worked by hand from Binance's formula
 * ("How to Calculate Liquidation Price of USDⓈ-M Futures Contracts",
 * https://www.binance.com/en/support/faq/b3c689c1f50a44cabb3a84e663b81d93) and the BTCUSDT brackets
 * (notional below 50,000: MMR 0.4 %, maintenance amount 0); contract/futures-risk.test.ts has more cases.
 */

const btc: Pair = { symbol: 'BTCUSDT', market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', pricePrecision: 1, amountPrecision: 3, listInstrumentId: 'BTC/USDT', minNotional: '5' } as Pair;

const position = (over: Partial<PositionView>): PositionView => ({
  instrumentId: 'BTCUSDT',
  symbol: 'BTCUSDT',
  positionSide: 'BOTH',
  direction: 'long',
  positionAmt: '0.5',
  volume: '0.5',
  entryPrice: '60000',
  markPrice: '60000',
  notional: '30000',
  unrealizedProfitLoss: '0',
  returnRate: '0',
  margin: '3000',
  marginType: 'cross',
  leverage: 10,
  maintMargin: '120',
  marginRatio: '0.012',
  liquidationPrice: '40160.7',
  ...over,
});

const capital = (balance: string): CapitalSnapshot => ({
  asset: 'USDT',
  marginRatio: '0',
  balance,
  availableBalance: '7000',
  unrealizedProfitLoss: '0',
  maintMargin: '120',
  marginBalance: balance,
  orderMargin: '0',
});

withMarketBridge();

beforeEach(() => {
  vi.spyOn(tradeApi, 'fees').mockResolvedValue([{ instrumentId: 'BTCUSDT', makerFeeRate: '0.0002', takerFeeRate: '0.0005' }] as never);
  tickersStore.setState({ tickers: { spot: {}, usdm: { BTCUSDT: { s: 'BTCUSDT', c: 60000, o: 60000, h: 60000, l: 60000, v: 0, q: 0, E: 0 } } } });
  leverageStore.setState({ symbol: 'BTCUSDT', leverage: 10 });
});

afterEach(async () => {
  // The positions tab's rows too, beside what the harness resets.
  futuresData.store.setState((s) => ({ tabs: { ...s.tabs, positionOrder: { ...s.tabs.positionOrder, list: [], loaded: false } } }));
  await unmountTicket();
});

async function mount(modes: { hedge: boolean }, positions: PositionView[]) {
  session.setState({ isLogin: true, keyId: 'key-1', positionSide: modes.hedge ? 'hedge' : 'oneWay', crossed: true });
  // As the capital tick leaves the store: every position, and the positions tab's rows (the page's pair).
  futuresData.store.setState((s) => ({ capital: capital('10000'), positions, tabs: { ...s.tabs, positionOrder: { ...s.tabs.positionOrder, list: positions, loaded: true } } }));
  await mountTicket(<TradeForm pair={btc} />, 'en-US');
}


describe('TradeForm futures estimates with a position held', () => {
  it('one-way cross long 0.5 @ 60,000 10×: a buy 0.2 @ 64,000 adds (cost is its margin, not only the fee) and the estimate uses the cross wallet', async () => {
    await mount({ hedge: false }, [position({})]);
    await typeInto('order-price', '64000');
    await typeInto('order-volume', '0.2');
    // cost = 0.2 × 64,000 / 10 + 0.2 × 64,000 × 0.0005 = 1,280 + 6.40 = 1,286.40
    await expect.element(page.getByTestId('order-cost')).toHaveTextContent('1286.40 USDT');
    // after: 0.7 @ 42,800 / 0.7; wallet 10,000 − 6.40; LP = (9,993.60 − 42,800) / (0.7 × 0.004 − 0.7) = 47,054.50…,
    // a long's at the 0.1 tick rounded up: 47,054.6 (the order alone on its own margin would say 57,831.4)
    await expect.element(page.getByTestId('order-liquidation')).toHaveTextContent('47054.6 USDT');
  });

  it('one-way: a sell 0.2 @ 64,000 reduces the long — its fee is the cost and realised PnL joins the wallet', async () => {
    await mount({ hedge: false }, [position({})]);
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await typeInto('order-price', '64000');
    await typeInto('order-volume', '0.2');
    // cost = 0.2 × 64,000 × 0.0005 = 6.40; after 0.3 @ 60,000, wallet 10,000 + 800 − 6.40 = 10,793.60
    // LP = (10,793.60 − 18,000) / (0.3 × 0.004 − 0.3) = 24,117.80… → 24,117.9
    await expect.element(page.getByTestId('order-cost')).toHaveTextContent('6.40 USDT');
    await expect.element(page.getByTestId('order-liquidation')).toHaveTextContent('24117.9 USDT');
  });

  it('hedge mode cross: a sell on SHORT beside the LONG liquidates with it at one price (Binance’s two-sided formula)', async () => {
    await mount({ hedge: true }, [position({ positionSide: 'LONG', positionAmt: '1', volume: '1', notional: '60000', margin: '6000', maintMargin: '240', markPrice: '61000', unrealizedProfitLoss: '1000' })]);
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await typeInto('order-price', '61000');
    await typeInto('order-volume', '0.5');
    // cost = 0.5 × 61,000 / 10 + 0.5 × 61,000 × 0.0005 = 3,050 + 15.25 = 3,065.25
    await expect.element(page.getByTestId('order-cost')).toHaveTextContent('3065.25 USDT');
    // LP = (9,984.75 − 1 × 60,000 + 0.5 × 61,000) / (1 × 0.004 + 0.5 × 0.004 − 1 + 0.5) = 39,504.55…, the short's rounded down
    await expect.element(page.getByTestId('order-liquidation')).toHaveTextContent('39504.5 USDT');
  });
});
