/**
 * The simulator plugin with its venues built here, so Bitget tests reach Bitget's own Simulator (pause, books), and
 * a Bitget local book kept by Bitget's documented procedure ("Depth Channel": merge the updates into the snapshot,
 * then check the CRC32 of the top 25 over the original strings).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import CRC32 from 'crc-32';
import { simPlugin } from '../../server/sim/index.ts';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator } from '../../server/sim/simulator.ts';
import { SimVenues } from '../../server/sim/venues.ts';
import { listenLoopback } from './harness.ts';

export interface BitgetHarness {
  app: FastifyInstance;
  bitget: Simulator;
  clock: ManualScheduler;
  port: number;
  base: string;
  rest: string;
  ws: string;
  close(): Promise<void>;
}

export async function startBitgetSim(options: { seed?: number; rate?: number } = {}): Promise<BitgetHarness> {
  const clock = new ManualScheduler();
  const binance = new Simulator({ seed: options.seed ?? 7, rate: options.rate ?? 50, scheduler: clock });
  const venues = new SimVenues(binance);
  const app = Fastify();
  await app.register(simPlugin, { prefix: '/sim', simulator: binance, venues });
  const port = await listenLoopback(app);
  const base = `http://127.0.0.1:${port}/sim`;
  return {
    app,
    bitget: venues.get('bitget'),
    clock,
    port,
    base,
    rest: `${base}/api.bitget.com/api/v2`,
    ws: `ws://127.0.0.1:${port}/sim/ws.bitget.com/v2/ws/public`,
    async close() {
      await app.close();
      venues.stop();
      binance.stop();
    },
  };
}

export interface BooksPush {
  action: 'snapshot' | 'update';
  arg: { instType: string; channel: string; instId: string };
  data: { asks: [string, string][]; bids: [string, string][]; checksum: number; seq: number; ts: string }[];
}

/**
 * Bitget's procedure: take the snapshot; merge each update (size 0 deletes), then the CRC32 of the top 25,
 * `bid:ask` interleaved over the original strings, must be its checksum. An update whose seq is the last one is a
 * duplicate; one below it came out of order (resync), as does a checksum mismatch.
 */
export class BitgetLocalBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  seq = -1;
  synced = false;
  outOfOrder = 0;
  checksumFailures = 0;
  duplicates = 0;
  applied = 0;

  /** false when the book must be resynced (resubscribe). */
  onPush(msg: BooksPush): boolean {
    const d = msg.data[0]!;
    if (msg.action === 'snapshot') {
      this.bids.clear();
      this.asks.clear();
      this.merge(d);
      this.synced = this.verify(d.checksum);
      if (!this.synced) this.checksumFailures++;
      return this.synced;
    }
    if (!this.synced) return false;
    if (d.seq === this.seq) {
      this.duplicates++;
      return true;
    }
    if (d.seq < this.seq) return this.fail('order');
    this.merge(d);
    this.applied++;
    return this.verify(d.checksum) || this.fail('checksum');
  }

  private merge(d: BooksPush['data'][number]): void {
    for (const [p, s] of d.bids) {
      if (Number(s) === 0) this.bids.delete(p);
      else this.bids.set(p, s);
    }
    for (const [p, s] of d.asks) {
      if (Number(s) === 0) this.asks.delete(p);
      else this.asks.set(p, s);
    }
    this.seq = d.seq;
  }

  private fail(why: 'order' | 'checksum'): false {
    if (why === 'order') this.outOfOrder++;
    else this.checksumFailures++;
    this.synced = false;
    return false;
  }

  private verify(checksum: number): boolean {
    const bids = this.sorted(this.bids, true);
    const asks = this.sorted(this.asks, false);
    const parts: string[] = [];
    for (let k = 0; k < 25; k++) {
      if (k < bids.length) parts.push(`${bids[k]![0]}:${bids[k]![1]}`);
      if (k < asks.length) parts.push(`${asks[k]![0]}:${asks[k]![1]}`);
    }
    return CRC32.str(parts.join(':')) === checksum;
  }

  sorted(m: Map<string, string>, desc: boolean): [string, string][] {
    return [...m.entries()].sort((a, b) => (desc ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])));
  }
}
