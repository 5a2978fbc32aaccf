import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { buildSandbox } from '../../server/app.ts';
import { ManualScheduler, Simulator } from '../../server/sim/index.ts';
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
  root = '';
  userToken = '';

  static async startTrade(seed = 7): Promise<TradeApi> {
    const api = new TradeApi();
    api.sim = new Simulator({ seed, scheduler: api.scheduler });
    api.app = await buildSandbox({ api: { clock: api.clock }, sim: { simulator: api.sim } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    api.root = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    api.base = `${api.root}/api`;
    api.publicKey = (await api.call<{ publicKey: string }>('GET', '/platformConfiguration/get')).data.publicKey;
    api.userToken = await api.token();
    return api;
  }

  override async close(): Promise<void> {
    await super.close();
    this.sim.stop();
  }

  /** POST with the demo user's token. */
  post<T = unknown>(route: string, body: unknown = {}): Promise<Reply<T>> {
    return this.call<T>('POST', route, { token: this.userToken, body });
  }

  async book(market: 'spot' | 'usdm', symbol: string, limit = 20): Promise<Book> {
    const response = await fetch(`${this.root}/sim/_control/book?market=${market}&symbol=${symbol}&limit=${limit}`);
    return (await response.json()) as Book;
  }

  async step(market: 'spot' | 'usdm', symbol: string, count: number): Promise<void> {
    const response = await fetch(`${this.root}/sim/_control/step`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ market, symbol, count }),
    });
    if (!response.ok) throw new Error(`step failed: ${response.status}`);
  }

  /** Balances of one account type as decimals by asset (missing assets are 0). */
  async balances(accountType: 1 | 2 | 3): Promise<(asset: string) => { free: Decimal; locked: Decimal }> {
    const reply = await this.post<Array<{ accountType: number; balances: Array<{ asset: string; free: string; locked: string }> }>>(
      '/broker/account/balance/query',
      { accountType },
    );
    const rows = reply.data[0]?.balances ?? [];
    return (asset) => {
      const row = rows.find((r) => r.asset === asset);
      return { free: new Decimal(row?.free ?? 0), locked: new Decimal(row?.locked ?? 0) };
    };
  }
}

export const dec = (value: Decimal.Value): Decimal => new Decimal(value);
