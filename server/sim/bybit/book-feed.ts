/**
 * `orderbook.{depth}.{symbol}` as Bybit documents it (https://bybit-exchange.github.io/docs/v5/websocket/public/orderbook):
 * a snapshot of `depth` levels a side on subscribing, then at the depth's period a delta of the levels that changed
 * within the top `depth` (size "0" deletes; a level pushed out of the top is deleted, one coming in is added).
 * `u` goes up by one per push of the topic; `seq` is the engine's cross sequence; a service restart (the `restart`
 * fault) sends a snapshot with u = 1 that replaces the book. Depth 1 pushes snapshots only, and the same snapshot
 * (same u) again after 3 s without a change.
 */
import type { BookSide } from '../book.ts';
import type { Simulator } from '../simulator.ts';
import { Feed, type Sink } from './feeds.ts';
import { px, qty } from './format.ts';
import { BOOK_DEPTHS, type Topic } from './topics.ts';

interface Levels {
  px: number[];
  qty: number[];
}

function top(side: BookSide, n: number, out: Levels): void {
  const k = Math.min(n, side.length);
  out.px.length = k;
  out.qty.length = k;
  for (let j = 0; j < k; j++) {
    out.px[j] = side.px[j]!;
    out.qty[j] = side.qty[j]!;
  }
}

export class BookFeed extends Feed {
  /** Bybit's update id of the last push (what a snapshot to a new subscriber carries). */
  u: number;
  /** The book as the last push left it (what a subscriber holds at `u`). */
  private bids: Levels = { px: [], qty: [] };
  private asks: Levels = { px: [], qty: [] };
  private readonly next = { bids: { px: [], qty: [] } as Levels, asks: { px: [], qty: [] } as Levels };
  private seen: number;
  private lastPushAt: number;

  constructor(sim: Simulator, topic: Topic) {
    super(sim, topic);
    // Bybit's u is the topic's own counter: any start will do; one below a restart's 1 never happens.
    this.u = 10_000 + (this.m.lastUpdateId % 9_000_000);
    top(this.m.book.bids, topic.depth, this.bids);
    top(this.m.book.asks, topic.depth, this.asks);
    this.seen = this.m.lastUpdateId;
    this.lastPushAt = this.now;
    this.cancels.push(sim.scheduler.every(BOOK_DEPTHS[topic.market][topic.depth]!, () => this.tick()));
  }

  override add(sub: Sink): void {
    super.add(sub);
    sub.deliver(this.frame('snapshot', this.levelsJson(this.bids), this.levelsJson(this.asks)), 'orderbook', this.topic.name, false);
  }

  /** Service restart: u starts again at 1 with a snapshot of the live book, to every subscriber. */
  restart(): void {
    top(this.m.book.bids, this.topic.depth, this.bids);
    top(this.m.book.asks, this.topic.depth, this.asks);
    this.seen = this.m.lastUpdateId;
    this.u = 1;
    this.lastPushAt = this.now;
    this.publish(this.frame('snapshot', this.levelsJson(this.bids), this.levelsJson(this.asks)));
  }

  private tick(): void {
    const depth1 = this.topic.depth === 1;
    if (this.m.lastUpdateId === this.seen) {
      if (depth1 && this.now - this.lastPushAt >= 3000 && this.subs.size > 0) {
        this.lastPushAt = this.now;
        this.publish(this.frame('snapshot', this.levelsJson(this.bids), this.levelsJson(this.asks)));
      }
      return;
    }
    this.seen = this.m.lastUpdateId;
    const nb = this.next.bids;
    const na = this.next.asks;
    top(this.m.book.bids, this.topic.depth, nb);
    top(this.m.book.asks, this.topic.depth, na);
    const b = this.diff(this.bids, nb, true);
    const a = this.diff(this.asks, na, false);
    if (b === '[]' && a === '[]') return; // only levels beyond the depth changed
    // Swap: the new top becomes the sent one; the old arrays are reused next time.
    [this.bids, this.next.bids] = [nb, this.bids];
    [this.asks, this.next.asks] = [na, this.asks];
    this.u++;
    this.lastPushAt = this.now;
    if (depth1) this.publish(this.frame('snapshot', this.levelsJson(this.bids), this.levelsJson(this.asks)));
    else this.publish(this.frame('delta', b, a), true);
  }

  /** The changed levels from `old` to `cur`, best first: changed or new sizes, "0" for levels gone from the top. */
  private diff(old: Levels, cur: Levels, bids: boolean): string {
    const i = this.m.inst;
    const was = new Map<number, number>();
    for (let k = 0; k < old.px.length; k++) was.set(old.px[k]!, old.qty[k]!);
    const changes: [number, number][] = [];
    for (let k = 0; k < cur.px.length; k++) {
      const p = cur.px[k]!;
      const q = cur.qty[k]!;
      if (was.get(p) !== q) changes.push([p, q]);
      was.delete(p);
    }
    for (const p of was.keys()) changes.push([p, 0]);
    if (changes.length === 0) return '[]';
    changes.sort(bids ? (x, y) => y[0] - x[0] : (x, y) => x[0] - y[0]);
    return '[' + changes.map(([p, q]) => `["${px(i, p)}","${qty(i, q)}"]`).join(',') + ']';
  }

  private levelsJson(l: Levels): string {
    const i = this.m.inst;
    let s = '[';
    for (let k = 0; k < l.px.length; k++) s += (k > 0 ? ',' : '') + `["${px(i, l.px[k]!)}","${qty(i, l.qty[k]!)}"]`;
    return s + ']';
  }

  private frame(type: 'snapshot' | 'delta', b: string, a: string): string {
    const s = this.m.inst.venueSymbol ?? this.m.inst.symbol;
    return `{"topic":"${this.topic.name}","type":"${type}","ts":${this.now},"data":{"s":"${s}","b":${b},"a":${a},"u":${this.u},"seq":${this.m.lastUpdateId}},"cts":${this.m.lastEventTime}}`;
  }
}
