import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildSandbox } from '../../server/app.ts';
import { ManualScheduler, SimVenues, Simulator, type SimVenue } from '../../server/sim/index.ts';
import { TestApi, type Reply } from '../api/helpers.ts';

export type { Reply };

export interface Book {
  bids: [string, string][];
  asks: [string, string][];
}

/**
 * The sandbox on loopback with a fake API clock and a simulator on a manual scheduler: the market moves
 * only when the test steps it through the control plane, so every book and fill is repeatable.
 */
export class TradeApi extends TestApi {
  scheduler = new ManualScheduler();
  sim!: Simulator;
  /** Every venue's simulator (OKX and Bybit beside Binance's `sim`), on the same manual scheduler. */
  venues!: SimVenues;
  root = '';
  userToken = '';

  seed = 7;

  /** `dataDir`: a database folder that survives `restart()`; omitted → in memory. */
  static async startTrade(seed = 7, dataDir?: string): Promise<TradeApi> {
    const api = new TradeApi();
    api.seed = seed;
    if (dataDir) api.dataDir = dataDir;
    await api.boot();
    api.userToken = await api.token();
    return api;
  }

  private async boot(): Promise<void> {
    this.sim = new Simulator({ seed: this.seed, scheduler: this.scheduler });
    this.venues = new SimVenues(this.sim);
    this.app = await buildSandbox({
      api: { clock: this.clock, demoProject: false, ...(this.dataDir ? { dataDir: this.dataDir } : {}) },
      sim: { simulator: this.sim, venues: this.venues },
    });
    await this.app.listen({ port: 0, host: '127.0.0.1' });
    this.root = `http://127.0.0.1:${(this.app.server.address() as AddressInfo).port}`;
    this.base = `${this.root}/api`;
    this.publicKey = (await this.call<{ publicKey: string }>('GET', '/platformConfiguration/get')).data.publicKey;
  }

  /** Stops the sandbox and starts it again on the same database (a fresh simulator with the same seed). */
  async restart(): Promise<void> {
    await this.app.close();
    this.venues.stop();
    this.sim.stop();
    await this.boot();
  }

  override async close(keepData = false): Promise<void> {
    await super.close(keepData);
    this.venues.stop();
    this.sim.stop();
  }

  /** The ledger's invariants (server/ledger/invariants.ts) after everything queued has settled: [] when they hold. */
  async ledgerViolations(): Promise<unknown[]> {
    const reply = await this.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    return reply.data.violations;
  }

  /** POST with the demo user's token. */
  post<T = unknown>(route: string, body: unknown = {}): Promise<Reply<T>> {
    return this.call<T>('POST', route, { token: this.userToken, body });
  }

  async book(market: 'spot' | 'usdm', symbol: string, limit = 20): Promise<Book> {
    const response = await fetch(`${this.root}/sim/_control/book?market=${market}&symbol=${symbol}&limit=${limit}`);
    return (await response.json()) as Book;
  }

  async step(market: 'spot' | 'usdm', symbol: string, count: number, venue: SimVenue = 'binance'): Promise<void> {
    const response = await fetch(`${this.root}/sim/_control/step`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ market, symbol, count, venue }),
    });
    if (!response.ok) throw new Error(`step failed: ${response.status}`);
  }

  /** Balances of one account type as decimals by asset (missing assets are 0). */
  async balances(accountType: 1 | 2 | 3, exchangeKeyId?: string): Promise<(asset: string) => { free: Decimal; locked: Decimal }> {
    const reply = await this.post<Array<{ accountType: number; balances: Array<{ asset: string; free: string; locked: string }> }>>(
      '/broker/account/balance/query',
      { accountType, ...(exchangeKeyId === undefined ? {} : { exchangeKeyId }) },
    );
    const rows = reply.data[0]?.balances ?? [];
    return (asset) => {
      const row = rows.find((r) => r.asset === asset);
      return { free: new Decimal(row?.free ?? 0), locked: new Decimal(row?.locked ?? 0) };
    };
  }
}

export const dec = (value: Decimal.Value): Decimal => new Decimal(value);

/**
 * The file's trade sandbox: started before its first test (`seed`, and `dataDir()` for a database that survives a
 * restart), closed after its last; every scenario leaves the ledger whole (balanced postings, balances equal to them,
 * holds only for live orders). `set` hands the sandbox to the file's variable and may prepare more.
 */
export function tradeSuite(set: (api: TradeApi) => void | Promise<void>, options: { seed?: number; dataDir?: () => string; timeout?: number } = {}): void {
  let api: TradeApi | undefined;
  beforeAll(async () => {
    api = await TradeApi.startTrade(options.seed, options.dataDir?.());
    await set(api);
  }, options.timeout ?? 60_000);
  afterEach(async () => {
    expect(await api!.ledgerViolations()).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
  });
}
