/**
 * The simulator plugin with its venues built here, so OKX tests reach OKX's own Simulator (pause, step, books), and
 * an OKX local book kept by OKX's documented procedure (snapshot, then updates checked by prevSeqId and CRC32).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { simPlugin, type SimOptions } from '../../server/sim/index.ts';
import CRC32 from 'crc-32';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator } from '../../server/sim/simulator.ts';
import { SimVenues } from '../../server/sim/venues.ts';
import { listenLoopback } from './harness.ts';
import { LevelBook } from './level-book.ts';

export interface OkxHarness {
  app: FastifyInstance;
  okx: Simulator;
  clock: ManualScheduler;
  port: number;
  base: string;
  rest: string;
  wsPublic: string;
  wsBusiness: string;
  close(): Promise<void>;
}

export async function startOkxSim(options: { seed?: number; rate?: number; okxLimits?: SimOptions['okxLimits'] } = {}): Promise<OkxHarness> {
  const clock = new ManualScheduler();
  const binance = new Simulator({ seed: options.seed ?? 7, rate: options.rate ?? 50, scheduler: clock });
  const venues = new SimVenues(binance);
  const app = Fastify();
  await app.register(simPlugin, { prefix: '/sim', simulator: binance, venues, ...(options.okxLimits ? { okxLimits: options.okxLimits } : {}) });
  const port = await listenLoopback(app);
  const base = `http://127.0.0.1:${port}/sim`;
  return {
    app,
    okx: venues.get('okx'),
    clock,
    port,
    base,
    rest: `${base}/www.okx.com/api/v5`,
    wsPublic: `ws://127.0.0.1:${port}/sim/ws.okx.com/ws/v5/public`,
    wsBusiness: `ws://127.0.0.1:${port}/sim/ws.okx.com/ws/v5/business`,
    async close() {
      await app.close();
      venues.stop();
      binance.stop();
    },
  };
}

type Row = [string, string, string, string];

export interface BooksPush {
  arg: { channel: string; instId: string };
  action: 'snapshot' | 'update';
  data: { asks: Row[]; bids: Row[]; ts: string; checksum: number; prevSeqId: number; seqId: number }[];
}

/**
 * OKX's procedure: take the snapshot; for each update drop it when seqId ≤ ours (a duplicate), resync when its
 * prevSeqId is not our seqId (a gap) or when the CRC32 of our top 25 after applying it is not its checksum.
 */
export class OkxLocalBook extends LevelBook {
  seqId = -1;
  synced = false;
  gaps = 0;
  checksumFailures = 0;
  duplicates = 0;
  applied = 0;
  heartbeats = 0;

  /** false when the book must be resynced (resubscribe). */
  onPush(msg: BooksPush): boolean {
    const d = msg.data[0]!;
    if (msg.action === 'snapshot') {
      this.replace(d.bids, d.asks);
      this.seqId = d.seqId;
      this.synced = this.verify(d.checksum);
      return this.synced;
    }
    if (!this.synced) return false;
    if (d.seqId === d.prevSeqId && d.bids.length === 0 && d.asks.length === 0) {
      this.heartbeats++;
      if (d.seqId !== this.seqId) return this.fail('gap');
      return true;
    }
    if (d.seqId <= this.seqId) {
      this.duplicates++;
      return true;
    }
    if (d.prevSeqId !== this.seqId) return this.fail('gap');
    this.change(d.bids, d.asks);
    this.seqId = d.seqId;
    this.applied++;
    if (!this.verify(d.checksum)) return this.fail('checksum');
    return true;
  }

  private fail(why: 'gap' | 'checksum'): false {
    if (why === 'gap') this.gaps++;
    else this.checksumFailures++;
    this.synced = false;
    return false;
  }

  /** OKX docs, "Checksum": bid:ask pairs of the top 25 interleaved, a shorter side's turns left out; signed CRC32. */
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
}
