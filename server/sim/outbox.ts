/**
 * A simulated socket's outgoing side with the control plane's scripted faults (gap, duplicate, reorder, malformed,
 * latency, silence), the same on every venue's connection (Binance, OKX, Bybit): the connection says which frames
 * are book diffs (what `gap` drops and `duplicate` repeats by default) and the outbox does the rest.
 */
import type { WebSocket } from 'ws';
import type { Scheduler } from './scheduler.ts';

export interface Faults {
  silent: boolean;
  latencyMs: number;
  /** Frames to drop (depth diffs, or frames of `gapStream`). */
  gap: number;
  gapStream?: string;
  duplicate: number;
  duplicateStream?: string;
  reorder: number;
  malformed: number;
}

export const noFaults = (): Faults => ({ silent: false, latencyMs: 0, gap: 0, duplicate: 0, reorder: 0, malformed: 0 });

/** Resets the faults `clear` clears (a venue's own counters are reset by the venue). */
export function clearFaults(f: Faults): void {
  Object.assign(f, { silent: false, latencyMs: 0, gap: 0, duplicate: 0, reorder: 0, malformed: 0 });
  delete f.gapStream;
  delete f.duplicateStream;
}

export class FaultedOutbox<F extends Faults = Faults> {
  sent = 0;
  /** Set by the connection when its socket is closed: nothing is written after. */
  closed = false;
  private held: string | undefined;

  constructor(
    readonly faults: F,
    private readonly ws: WebSocket,
    private readonly scheduler: Scheduler,
    /** A client that reads slower than this many buffered bytes is cut (`onSlow`). */
    private readonly maxBufferedBytes: number,
    private readonly onSlow: () => void,
  ) {}

  /**
   * The first step of a push: false when the push is not sent at all (socket closed, silence, or a gap fault takes
   * it). `diff` says whether it is a book diff, what a gap without a stream drops.
   */
  admits(stream: string, diff: boolean): boolean {
    if (this.closed) return false;
    const f = this.faults;
    if (f.silent) return false;
    if (f.gap > 0 && (f.gapStream ? f.gapStream === stream : diff)) {
      f.gap--;
      return false;
    }
    return true;
  }

  /**
   * The rest of a push `admits` let through: malformed, reorder, then the frame (after latency) and a duplicate of it
   * when one is due (`duplicable`: whether a duplicate without a stream repeats this frame).
   */
  push(frame: string, stream: string, duplicable = true): void {
    const f = this.faults;
    if (f.malformed > 0) {
      f.malformed--;
      frame = frame.slice(0, Math.max(1, frame.length >> 1));
    }
    if (f.reorder > 0) {
      if (this.held === undefined) {
        this.held = frame;
        return;
      }
      const first = this.held;
      this.held = undefined;
      f.reorder--;
      this.out(frame);
      this.out(first);
      return;
    }
    this.out(frame);
    if (f.duplicate > 0 && (f.duplicateStream === undefined ? duplicable : f.duplicateStream === stream)) {
      f.duplicate--;
      this.out(frame);
    }
  }

  /** Sends a frame now or after the latency fault's delay (order kept: equal delays fire in order). */
  out(frame: string): void {
    if (this.faults.latencyMs > 0) {
      this.scheduler.after(this.faults.latencyMs, () => this.write(frame));
      return;
    }
    this.write(frame);
  }

  private write(frame: string): void {
    if (this.closed || this.ws.readyState !== 1) return;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      this.onSlow();
      return;
    }
    this.ws.send(frame);
    this.sent++;
  }

  /** Frames written straight to the socket, whatever the faults (oversized frame, serverShutdown). */
  inject(frame: string): void {
    if (this.closed || this.ws.readyState !== 1) return;
    this.ws.send(frame);
    this.sent++;
  }
}

/**
 * What every venue's connection shares: its outbox, the fault target's face (id, isClosed, faults, inject, close,
 * terminate) and the once-only cleanup; the venue says what it releases.
 */
export abstract class FaultedSocket<F extends Faults = Faults> {
  protected readonly outbox: FaultedOutbox<F>;

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
    scheduler: Scheduler,
    faults: F,
    maxBufferedBytes: number,
  ) {
    this.outbox = new FaultedOutbox(faults, ws, scheduler, maxBufferedBytes, () => this.terminate());
    ws.on('close', () => this.cleanup());
    ws.on('error', () => this.cleanup());
  }

  get isClosed(): boolean {
    return this.outbox.closed;
  }

  get faults(): F {
    return this.outbox.faults;
  }

  get sent(): number {
    return this.outbox.sent;
  }

  /** Frames written straight to the socket, whatever the faults (oversized frame, serverShutdown). */
  inject(frame: string): void {
    this.outbox.inject(frame);
  }

  close(code: number, reason: string): void {
    if (this.outbox.closed) return;
    this.ws.close(code, reason);
    this.cleanup();
  }

  terminate(): void {
    if (this.outbox.closed) return;
    this.ws.terminate();
    this.cleanup();
  }

  /** The venue's part of closing (timers, subscriptions, its registry); runs once. */
  protected abstract released(): void;

  private cleanup(): void {
    if (this.outbox.closed) return;
    this.outbox.closed = true;
    this.released();
  }
}
