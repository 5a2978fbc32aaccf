/**
 * The simulator plugin with its venues built here, so OKX tests reach OKX's own Simulator (pause, step, books), and
 * an OKX local book kept by OKX's documented procedure (snapshot, then updates checked by prevSeqId and CRC32).
 */
import type { SimOptions } from '../../server/sim/index.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { LevelBook } from './level-book.ts';
import { startVenuesSim, type VenuesHarness } from './venues-harness.ts';

export interface OkxHarness extends VenuesHarness {
  okx: Simulator;
  rest: string;
  wsPublic: string;
  wsBusiness: string;
}

export async function startOkxSim(options: { seed?: number; rate?: number; okxLimits?: SimOptions['okxLimits'] } = {}): Promise<OkxHarness> {
  const h = await startVenuesSim(options);
  return { ...h, okx: h.venues.get('okx'), rest: `${h.base}/www.okx.com/api/v5`, wsPublic: `${h.wsBase}/ws.okx.com/ws/v5/public`, wsBusiness: `${h.wsBase}/ws.okx.com/ws/v5/business` };
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

  /** OKX docs, "Checksum": the top 25's CRC32 (LevelBook). */
  private verify(checksum: number): boolean {
    return this.checksum25() === checksum;
  }
}
