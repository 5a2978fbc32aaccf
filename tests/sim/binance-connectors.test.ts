import { DerivativesTradingUsdsFutures, DerivativesTradingUsdsFuturesRestAPI as FR, DerivativesTradingUsdsFuturesWebsocketStreams as FS } from '@binance/derivatives-trading-usds-futures';
import { Spot, SpotRestAPI as SR, SpotWebsocketStreams as SS } from '@binance/spot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson, settle, startSim, type Harness } from './harness.ts';
import { LocalBook, type DepthEvent, type Snapshot } from './local-book.ts';

/**
 * Conformance with a second client family besides ccxt: Binance's own connectors (@binance/spot and
 * @binance/derivatives-trading-usds-futures), unchanged except for their base URLs. Start-up REST calls, every
 * stream type the simulator lists, and a local book kept from their depth snapshot and diff stream that ends
 * equal to the true book. Any request that is not to the simulator fails the test.
 */

interface Stream {
  on(event: 'message', listener: (data: unknown) => void): void;
}
interface ControlBook {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

let h: Harness;
let root: string;
const requested: string[] = [];
let driver: ReturnType<typeof setInterval> | undefined;
let spot: Spot;
let usdm: DerivativesTradingUsdsFutures;

beforeAll(async () => {
  // The connectors log every connection at info level.
  vi.spyOn(console, 'info').mockImplementation(() => {});
  h = await startSim({ seed: 29, rate: 40 });
  root = h.base.replace('http://', '');
  h.app.server.on('request', (req: { url?: string }) => requested.push(req.url ?? ''));
  h.app.server.on('upgrade', (req: { url?: string }) => requested.push(req.url ?? ''));
  // Simulated time runs ~20× faster than the wall clock while the connectors work.
  driver = setInterval(() => h.clock.advance(100), 5);
  // Market data needs no key; the connectors' type asks for one anyway.
  const rest = { apiKey: '', retries: 0, timeout: 5000 };
  spot = new Spot({
    configurationRestAPI: { ...rest, basePath: `http://${root}/api.binance.com` },
    configurationWebsocketStreams: { wsURL: `ws://${root}/stream.binance.com`, reconnectDelay: 500 },
  });
  usdm = new DerivativesTradingUsdsFutures({
    configurationRestAPI: { ...rest, basePath: `http://${root}/fapi.binance.com` },
    configurationWebsocketStreams: { wsURL: `ws://${root}/fstream.binance.com`, reconnectDelay: 500 },
  });
});

afterAll(async () => {
  if (driver) clearInterval(driver);
  await h.close();
  vi.restoreAllMocks();
  // Every request went to the simulator under its Binance hosts.
  expect(requested.filter((u) => !/^\/sim\/(api|fapi|stream|fstream)\.binance\.com\//.test(u) && !u.startsWith('/sim/_control/'))).toEqual([]);
});

/** A connector call's parsed body. */
async function data<T>(call: Promise<{ data(): Promise<T> }>): Promise<T> {
  return (await call).data();
}

/** Waits (wall time, the clock driven meanwhile) until `pred` holds. */
async function until(pred: () => boolean, ms = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
}

/**
 * Subscribes the named streams one call at a time, paced: each call is one SUBSCRIBE message and Binance (and
 * the simulator) cut a connection that sends more than 5 (spot) / 10 (USD-M) messages a second.
 */
async function collect(subscribe: [string, () => Stream][]): Promise<Map<string, unknown[]>> {
  const seen = new Map<string, unknown[]>();
  for (const [name, fn] of subscribe) {
    const list: unknown[] = [];
    seen.set(name, list);
    fn().on('message', (d) => list.push(d));
    // Paced on the simulator's clock, which counts the limit: under a loaded machine the wall-clock timers that
    // drive it fire late, so a wall-time pause could let several subscriptions into one simulated second.
    const from = h.clock.now();
    await until(() => h.clock.now() - from >= 300, 15_000, 'the simulated clock to pass 300 ms');
  }
  return seen;
}

describe('Binance spot connector (@binance/spot)', () => {
  it('start-up REST calls answer in the documented shapes and report the used weight', async () => {
    await data(spot.restAPI.ping());
    expect((await data(spot.restAPI.time())).serverTime).toBeGreaterThan(0);
    const info = await data(spot.restAPI.exchangeInfo({ symbol: 'BTCUSDT' }));
    expect(info.symbols?.[0]?.symbol).toBe('BTCUSDT');
    const depthRes = await spot.restAPI.depth({ symbol: 'BTCUSDT', limit: 100 });
    expect(depthRes.rateLimits?.find((r) => r.rateLimitType === 'REQUEST_WEIGHT')?.count).toBeGreaterThanOrEqual(25);
    const depth = await depthRes.data();
    expect(depth.bids).toHaveLength(100);
    await settle(300);
    expect((await data(spot.restAPI.getTrades({ symbol: 'BTCUSDT', limit: 10 }))).length).toBeGreaterThan(0);
    expect(Array.isArray(await data(spot.restAPI.historicalTrades({ symbol: 'BTCUSDT', limit: 10 })))).toBe(true);
    expect(Array.isArray(await data(spot.restAPI.aggTrades({ symbol: 'BTCUSDT', limit: 10 })))).toBe(true);
    expect(await data(spot.restAPI.klines({ symbol: 'BTCUSDT', interval: SR.KlinesIntervalEnum.INTERVAL_1m, limit: 5 }))).toHaveLength(5);
    expect(await data(spot.restAPI.uiKlines({ symbol: 'BTCUSDT', interval: SR.UiKlinesIntervalEnum.INTERVAL_1m, limit: 5 }))).toHaveLength(5);
    expect((await data(spot.restAPI.avgPrice({ symbol: 'BTCUSDT' }))).mins).toBe(5);
    expect(await data(spot.restAPI.ticker24hr({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await data(spot.restAPI.ticker({ symbol: 'BTCUSDT', windowSize: SR.TickerWindowSizeEnum.WINDOW_SIZE_1h }))).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await data(spot.restAPI.tickerPrice({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await data(spot.restAPI.tickerBookTicker({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
  });

  it('every stream type delivers Binance payloads', async () => {
    const c = await spot.websocketStreams.connect();
    const seen = await collect([
      ['aggTrade', () => c.aggTrade({ symbol: 'btcusdt' })],
      ['trade', () => c.trade({ symbol: 'btcusdt' })],
      ['kline', () => c.kline({ symbol: 'btcusdt', interval: SS.KlineIntervalEnum.INTERVAL_1m })],
      ['miniTicker', () => c.miniTicker({ symbol: 'btcusdt' })],
      ['allMiniTicker', () => c.allMiniTicker()],
      ['ticker', () => c.ticker({ symbol: 'btcusdt' })],
      ['rollingWindowTicker', () => c.rollingWindowTicker({ symbol: 'btcusdt', windowSize: SS.RollingWindowTickerWindowSizeEnum.WINDOW_SIZE_1h })],
      ['allMarketRollingWindowTicker', () => c.allMarketRollingWindowTicker({ windowSize: SS.AllMarketRollingWindowTickerWindowSizeEnum.WINDOW_SIZE_4h })],
      ['bookTicker', () => c.bookTicker({ symbol: 'btcusdt' })],
      ['partialBookDepth', () => c.partialBookDepth({ symbol: 'btcusdt', levels: SS.PartialBookDepthLevelsEnum.LEVELS_5 })],
      ['diffBookDepth', () => c.diffBookDepth({ symbol: 'btcusdt', updateSpeed: SS.DiffBookDepthUpdateSpeedEnum.UPDATE_SPEED_100ms })],
      ['avgPrice', () => c.avgPrice({ symbol: 'btcusdt' })],
    ]);
    await until(() => [...seen.values()].every((l) => l.length > 0), 15_000, `spot streams: ${[...seen].filter(([, l]) => l.length === 0).map(([n]) => n).join(', ')}`);
    const first = (name: string): Record<string, unknown> => seen.get(name)![0] as Record<string, unknown>;
    expect(first('aggTrade')).toMatchObject({ e: 'aggTrade', s: 'BTCUSDT' });
    expect(first('rollingWindowTicker')).toMatchObject({ e: '1hTicker', s: 'BTCUSDT' });
    expect((seen.get('allMarketRollingWindowTicker')![0] as Record<string, unknown>[])[0]).toMatchObject({ e: '4hTicker' });
    expect(first('avgPrice')).toMatchObject({ e: 'avgPrice', s: 'BTCUSDT', i: '5m' });
    expect(first('diffBookDepth')).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT' });
    await c.disconnect();
  });

  it('a local book from its depth snapshot and diff stream ends equal to the true book', async () => {
    const c = await spot.websocketStreams.connect();
    const book = new LocalBook('spot');
    c.diffBookDepth({ symbol: 'ethusdt', updateSpeed: SS.DiffBookDepthUpdateSpeedEnum.UPDATE_SPEED_100ms }).on('message', (d) => book.onEvent(d as DepthEvent));
    await until(() => book.firstBufferedU !== undefined, 10_000, 'buffered diffs');
    const snapshot = await data(spot.restAPI.depth({ symbol: 'ETHUSDT', limit: 5000 }));
    expect(book.applySnapshot(snapshot as unknown as Snapshot)).toBe(true);
    await settle(1500);
    h.sim.paused = true;
    await settle(300);
    const truth = (await getJson<ControlBook>(`${h.base}/_control/book?market=spot&symbol=ETHUSDT`)).body;
    await until(() => book.lastUpdateId === truth.lastUpdateId, 10_000, 'the last diff');
    h.sim.paused = false;
    expect(book.broken).toBeUndefined();
    expect(book.applied).toBeGreaterThan(20);
    const mine = book.top(100_000);
    expect(mine.bids).toEqual(truth.bids);
    expect(mine.asks).toEqual(truth.asks);
    await c.disconnect();
  });
});

describe("Binance's USD-M connector (@binance/derivatives-trading-usds-futures)", () => {
  it('start-up REST calls answer in the documented shapes', async () => {
    await data(usdm.restAPI.testConnectivity());
    expect((await data(usdm.restAPI.checkServerTime())).serverTime).toBeGreaterThan(0);
    expect((await data(usdm.restAPI.exchangeInformation())).symbols?.length).toBe(22);
    expect((await data(usdm.restAPI.orderBook({ symbol: 'BTCUSDT', limit: 50 }))).bids).toHaveLength(50);
    await settle(300);
    expect(Array.isArray(await data(usdm.restAPI.recentTradesList({ symbol: 'BTCUSDT', limit: 10 })))).toBe(true);
    expect(Array.isArray(await data(usdm.restAPI.oldTradesLookup({ symbol: 'BTCUSDT', limit: 10 })))).toBe(true);
    expect(Array.isArray(await data(usdm.restAPI.compressedAggregateTradesList({ symbol: 'BTCUSDT', limit: 10 })))).toBe(true);
    const interval = FR.KlineCandlestickDataIntervalEnum.INTERVAL_1m;
    expect(await data(usdm.restAPI.klineCandlestickData({ symbol: 'BTCUSDT', interval, limit: 3 }))).toHaveLength(3);
    const cont = await data(
      usdm.restAPI.continuousContractKlineCandlestickData({
        pair: 'BTCUSDT',
        contractType: FR.ContinuousContractKlineCandlestickDataContractTypeEnum.PERPETUAL,
        interval: FR.ContinuousContractKlineCandlestickDataIntervalEnum.INTERVAL_1m,
        limit: 3,
      }),
    );
    expect(cont).toHaveLength(3);
    expect(await data(usdm.restAPI.indexPriceKlineCandlestickData({ pair: 'BTCUSDT', interval: FR.IndexPriceKlineCandlestickDataIntervalEnum.INTERVAL_1m, limit: 3 }))).toHaveLength(3);
    expect(await data(usdm.restAPI.markPriceKlineCandlestickData({ symbol: 'BTCUSDT', interval: FR.MarkPriceKlineCandlestickDataIntervalEnum.INTERVAL_1m, limit: 3 }))).toHaveLength(3);
    expect(await data(usdm.restAPI.premiumIndexKlineData({ symbol: 'BTCUSDT', interval: FR.PremiumIndexKlineDataIntervalEnum.INTERVAL_1m, limit: 3 }))).toHaveLength(3);
    expect(await data(usdm.restAPI.markPrice({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
    const funding = (await data(usdm.restAPI.getFundingRateHistory({ symbol: 'BTCUSDT', limit: 5 }))) as { fundingTime?: number }[];
    expect(funding).toHaveLength(5);
    expect((await data(usdm.restAPI.getFundingRateInfo())) as unknown[]).toHaveLength(22);
    expect(await data(usdm.restAPI.ticker24hrPriceChangeStatistics({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await data(usdm.restAPI.symbolPriceTicker({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await data(usdm.restAPI.symbolPriceTickerV2({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await data(usdm.restAPI.symbolOrderBookTicker({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await data(usdm.restAPI.openInterest({ symbol: 'BTCUSDT' }))).toMatchObject({ symbol: 'BTCUSDT' });
  });

  it('opens /public, /market and /private together, and every stream type delivers', async () => {
    const c = await usdm.websocketStreams.connect();
    const seen = await collect([
      ['aggregateTrade', () => c.aggregateTradeStreams({ symbol: 'btcusdt' })],
      ['kline', () => c.klineCandlestickStreams({ symbol: 'btcusdt', interval: FS.KlineCandlestickStreamsIntervalEnum.INTERVAL_1m })],
      [
        'continuousKline',
        () => c.continuousContractKlineCandlestickStreams({ pair: 'btcusdt', contractType: FS.ContinuousContractKlineCandlestickStreamsContractTypeEnum.perpetual, interval: FS.ContinuousContractKlineCandlestickStreamsIntervalEnum.INTERVAL_1m }),
      ],
      ['miniTicker', () => c.individualSymbolMiniTickerStream({ symbol: 'btcusdt' })],
      ['allMiniTickers', () => c.allMarketMiniTickersStream()],
      ['ticker', () => c.individualSymbolTickerStreams({ symbol: 'btcusdt' })],
      ['allTickers', () => c.allMarketTickersStreams()],
      ['bookTicker', () => c.individualSymbolBookTickerStreams({ symbol: 'btcusdt' })],
      ['allBookTickers', () => c.allBookTickersStream()],
      ['markPrice', () => c.markPriceStream({ symbol: 'btcusdt' })],
      ['allMarkPrices', () => c.markPriceStreamForAllMarket()],
      ['liquidation', () => c.liquidationOrderStreams({ symbol: 'btcusdt' })],
      ['allLiquidations', () => c.allMarketLiquidationOrderStreams()],
      ['partialDepth', () => c.partialBookDepthStreams({ symbol: 'btcusdt', levels: FS.PartialBookDepthStreamsLevelsEnum.LEVELS_5 })],
      ['diffDepth', () => c.diffBookDepthStreams({ symbol: 'btcusdt', updateSpeed: FS.DiffBookDepthStreamsUpdateSpeedEnum.UPDATE_SPEED_100ms })],
    ]);
    // Liquidations come now and then: give them a few simulated minutes.
    await until(() => [...seen.values()].every((l) => l.length > 0), 30_000, `USD-M streams: ${[...seen].filter(([, l]) => l.length === 0).map(([n]) => n).join(', ')}`);
    expect(seen.get('liquidation')![0]).toMatchObject({ e: 'forceOrder', o: { s: 'BTCUSDT', o: 'LIMIT', f: 'IOC', X: 'FILLED' } });
    expect(seen.get('continuousKline')![0]).toMatchObject({ e: 'continuous_kline', ps: 'BTCUSDT', ct: 'PERPETUAL' });
    const routes = (await getJson<{ route: string }[]>(`${h.base}/_control/connections`)).body.map((x) => x.route);
    for (const tier of ['public', 'market', 'private']) expect(routes.some((r) => r.startsWith(`fstream.binance.com/${tier}/`))).toBe(true);
    await c.disconnect();
  });

  it('a local book from its depth snapshot and diff stream ends equal to the true book (top 500)', async () => {
    const c = await usdm.websocketStreams.connect();
    const book = new LocalBook('usdm');
    c.diffBookDepthStreams({ symbol: 'solusdt', updateSpeed: FS.DiffBookDepthStreamsUpdateSpeedEnum.UPDATE_SPEED_100ms }).on('message', (d) => book.onEvent(d as DepthEvent));
    await until(() => book.firstBufferedU !== undefined, 10_000, 'buffered diffs');
    const snapshot = await data(usdm.restAPI.orderBook({ symbol: 'SOLUSDT', limit: 1000 }));
    expect(book.applySnapshot(snapshot as unknown as Snapshot)).toBe(true);
    await settle(1500);
    h.sim.paused = true;
    await settle(300);
    const truth = (await getJson<ControlBook>(`${h.base}/_control/book?market=usdm&symbol=SOLUSDT&limit=500`)).body;
    await until(() => book.lastUpdateId === truth.lastUpdateId, 10_000, 'the last diff');
    h.sim.paused = false;
    expect(book.broken).toBeUndefined();
    expect(book.applied).toBeGreaterThan(20);
    const mine = book.top(500);
    expect(mine.bids).toEqual(truth.bids);
    expect(mine.asks).toEqual(truth.asks);
    await c.disconnect();
  });
});
