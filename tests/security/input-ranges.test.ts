import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../server/app.ts';
import { ManualScheduler, Simulator } from '../../server/sim/index.ts';
import { SPOT_REST_HOST, USDM_REST_HOST } from '../../server/sim/rest.ts';
import { TestApi } from '../api/helpers.ts';
import { kinds, type Schema } from './schema-probes.ts';

/**
 * Every numeric input is checked against its range where it enters: a probe sends each route's fields,
 * read from the route's own JSON schema, with values far outside any sane range (and the usual edge
 * numbers), and no answer may be a 5xx (issue: "Out-of-range numbers reach the database and answer 500").
 */
class ProbeApi extends TestApi {
  routes: RouteOptions[] = [];
  sim = new Simulator({ seed: 7, scheduler: new ManualScheduler() });

  async boot(): Promise<void> {
    this.app = await buildSandbox({ api: { clock: this.clock, demoProject: false }, sim: { simulator: this.sim }, onRoute: (route) => this.routes.push(route) });
    await this.app.listen({ port: 0, host: '127.0.0.1' });
    this.base = `http://127.0.0.1:${(this.app.server.address() as AddressInfo).port}/api`;
    this.publicKey = (await this.call<{ publicKey: string }>('GET', '/platformConfiguration/get')).data.publicKey;
  }
}


/** Values that sit outside every range a field of this kind could have. */
const hostileNumbers = [1e308, -1e308, 2 ** 31, 2 ** 53 + 2, 99_999_999_999, -1, 0, 0.5];
const hostileStrings = ['999999999999', '99999999999999999999', `1${'0'.repeat(40)}`, `0.${'0'.repeat(30)}1`, '-1', '1e400'];


/** Values to try in one field: hostile numbers where the schema takes a number, numeric strings where a string. */
function probesFor(schema: Schema): unknown[] {
  const types = kinds(schema);
  const values: unknown[] = [];
  if (types.includes('number') || types.includes('integer')) values.push(...hostileNumbers);
  if (types.includes('string') && !schema.enum) values.push(...hostileStrings);
  return values;
}

/** Plausible values for the fields that select what the call acts on, so the probe reaches past them. */
const base: Record<string, unknown> = {
  instrumentId: 'BTCUSDT',
  symbol: 'BTCUSDT',
  baseCurrency: 'BTC',
  quoteCurrency: 'USDT',
  direction: 'buy',
  priceType: 'limit',
  price: '60000',
  volume: '0.01',
  asset: 'USDT',
  accountType: 2,
  fromAccountType: 1,
  toAccountType: 2,
  amount: '1',
  leverage: 10,
};

interface Probe {
  method: string;
  url: string;
  field: string;
  value: unknown;
}

function probesOf(route: RouteOptions): Probe[] {
  const method = String(route.method);
  const schema = (route.schema ?? {}) as { body?: Schema; querystring?: Schema };
  const probes: Probe[] = [];
  const target = method === 'GET' ? schema.querystring : schema.body;
  for (const [field, fieldSchema] of Object.entries(target?.properties ?? {})) {
    for (const value of probesFor(fieldSchema)) probes.push({ method, url: route.url, field, value });
    // One level down: cursorCondition.cursor, queryCondition.…
    for (const [inner, innerSchema] of Object.entries(fieldSchema.properties ?? {})) {
      for (const value of probesFor(innerSchema)) probes.push({ method, url: route.url, field: `${field}.${inner}`, value });
    }
  }
  return probes;
}

describe('numeric inputs out of range', () => {
  let api: ProbeApi;
  let token: string;
  beforeAll(async () => {
    api = new ProbeApi();
    await api.boot();
    token = await api.token();
  });
  afterAll(async () => {
    await api.close();
    api.sim.stop();
  });

  it('no route answers 5xx to an out-of-range number in any field', async () => {
    const routes = api.routes.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/_dev/') && !route.url.includes('logout'));
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const probe of probesOf(route)) {
        const path = probe.url.slice('/api'.length);
        const [outer, inner] = probe.field.split('.') as [string, string | undefined];
        const payload = { ...base, [outer]: inner ? { [inner]: probe.value } : probe.value };
        const reply =
          probe.method === 'GET'
            ? await api.call('GET', `${path}?${new URLSearchParams({ [outer]: String(probe.value) }).toString()}`, { token })
            : await api.call(probe.method, path, { token, body: payload });
        sent++;
        if (reply.status >= 500) failures.push(`${probe.method} ${probe.url} ${probe.field}=${String(probe.value)} → ${reply.status} ${reply.msg}`);
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
    // Every field of every route, one request after another: 25 s on a loaded 2-core machine, close to the suite's 30 s default.
  }, 90_000);

  /** The upper bounds of one symbol's filters, as the simulator's exchangeInfo publishes them. */
  async function filters(market: 'spot' | 'usdm', symbol: string): Promise<Record<string, Record<string, string>>> {
    const root = api.base.slice(0, -'/api'.length);
    const url = market === 'spot' ? `${root}/sim/${SPOT_REST_HOST}/api/v3/exchangeInfo` : `${root}/sim/${USDM_REST_HOST}/fapi/v1/exchangeInfo`;
    const info = (await (await fetch(url)).json()) as { symbols: Array<{ symbol: string; filters: Array<Record<string, string>> }> };
    const entry = info.symbols.find((s) => s.symbol === symbol);
    if (!entry) throw new Error(`no ${symbol}`);
    return Object.fromEntries(entry.filters.map((f) => [f['filterType'], f]));
  }

  const rule = (reply: { status: number; data: unknown }): string | undefined => (reply.status === 400 ? (reply.data as { rule?: string }).rule : undefined);

  it('refuses spot orders above exchangeInfo maxPrice, maxQty and maxNotional with a 400 naming the rule', async () => {
    const f = await filters('spot', 'BTCUSDT');
    const maxPrice = new Decimal(f['PRICE_FILTER']!['maxPrice']!);
    const maxQty = new Decimal(f['LOT_SIZE']!['maxQty']!);
    const marketMaxQty = new Decimal(f['MARKET_LOT_SIZE']!['maxQty']!);
    const maxNotional = new Decimal(f['NOTIONAL']!['maxNotional']!);
    const tick = new Decimal(f['PRICE_FILTER']!['tickSize']!);
    const step = new Decimal(f['LOT_SIZE']!['stepSize']!);
    const order = (priceType: string, price: Decimal | null, volume: Decimal) =>
      api.call('POST', '/broker/spot/order/sendOrder', {
        token,
        body: { instrumentId: 'BTCUSDT', direction: 'buy', priceType, ...(price ? { price: price.toFixed() } : {}), volume: volume.toFixed() },
      });
    expect(rule(await order('limit', maxPrice.plus(tick), step))).toBe('maxPrice');
    expect(rule(await order('limit', tick.mul(100), maxQty.plus(step)))).toBe('maxQty');
    expect(rule(await order('market', null, marketMaxQty.plus(step)))).toBe('maxQty');
    // At the bounds the filters pass (the balance is what refuses them then).
    const price = new Decimal(60000);
    const atNotional = maxNotional.div(price).toDecimalPlaces(step.decimalPlaces(), Decimal.ROUND_DOWN);
    expect(rule(await order('limit', price, atNotional.plus(step)))).toBe('maxNotional');
    expect(rule(await order('limit', price, atNotional))).toBeUndefined();
    expect(rule(await order('limit', maxPrice, step))).toBeUndefined();
  });

  it('refuses USD-M orders above exchangeInfo maxPrice and maxQty, also when closing', async () => {
    const f = await filters('usdm', 'BTCUSDT');
    const maxPrice = new Decimal(f['PRICE_FILTER']!['maxPrice']!);
    const maxQty = new Decimal(f['LOT_SIZE']!['maxQty']!);
    const marketMaxQty = new Decimal(f['MARKET_LOT_SIZE']!['maxQty']!);
    const step = new Decimal(f['LOT_SIZE']!['stepSize']!);
    const tick = new Decimal(f['PRICE_FILTER']!['tickSize']!);
    const order = (priceType: string, price: Decimal | null, volume: Decimal) =>
      api.call('POST', '/broker/lightning/futures/order/sendOrder', {
        token,
        body: { instrumentId: 'BTCUSDT', direction: 'buy', priceType, ...(price ? { price: price.toFixed() } : {}), volume: volume.toFixed() },
      });
    expect(rule(await order('limit', maxPrice.plus(tick), step))).toBe('maxPrice');
    expect(rule(await order('limit', new Decimal(60000), maxQty.plus(step)))).toBe('maxQty');
    expect(rule(await order('market', null, marketMaxQty.plus(step)))).toBe('maxQty');
    const close = await api.call('POST', '/broker/lightning/futures/order/closePosition', {
      token,
      body: { instrumentId: 'BTCUSDT', volume: marketMaxQty.plus(step).toFixed() },
    });
    expect(rule(close)).toBe('maxQty');
  });
});
