/**
 * The simulator plugin with its venues built here, so Bitget tests reach Bitget's own Simulator (pause, books), and
 * a Bitget local book kept by Bitget's documented procedure ("Depth Channel": merge the updates into the snapshot,
 * then check the CRC32 of the top 25 over the original strings).
 */
import type { Simulator } from '../../server/sim/simulator.ts';
import { LevelBook } from './level-book.ts';
import { startVenuesSim, type VenuesHarness } from './venues-harness.ts';

export interface BitgetHarness extends VenuesHarness {
  bitget: Simulator;
  rest: string;
  ws: string;
}

export async function startBitgetSim(options: { seed?: number; rate?: number } = {}): Promise<BitgetHarness> {
  const h = await startVenuesSim(options);
  return { ...h, bitget: h.venues.get('bitget'), rest: `${h.base}/api.bitget.com/api/v2`, ws: `${h.wsBase}/ws.bitget.com/v2/ws/public` };
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
export class BitgetLocalBook extends LevelBook {
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
      this.replace(d.bids, d.asks);
      this.seq = d.seq;
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
    this.change(d.bids, d.asks);
    this.seq = d.seq;
    this.applied++;
    return this.verify(d.checksum) || this.fail('checksum');
  }

  private fail(why: 'order' | 'checksum'): false {
    if (why === 'order') this.outOfOrder++;
    else this.checksumFailures++;
    this.synced = false;
    return false;
  }

  /** Bitget docs, "Depth Channel" checksum: the top 25's CRC32 (LevelBook). */
  private verify(checksum: number): boolean {
    return this.checksum25() === checksum;
  }
}
