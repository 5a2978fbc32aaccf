/**
 * A venue socket that the venue closes when the client has sent nothing for a while (Bybit: 10 minutes, Gate: 60 s
 * here): it counts what comes in, keeps the time of the last message or ping frame, scans for silence and hands each
 * message on unless the socket is closed or muted by the `silent` fault.
 */
import type { WebSocket } from 'ws';
import { FaultedSocket, type Faults } from './outbox.ts';
import type { Scheduler } from './scheduler.ts';

/** A client's message as a JSON object; undefined when it is not JSON or not an object. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export interface IdleRule {
  idleMs: number;
  scanMs: number;
  /** a client's websocket ping frame counts as something sent (Gate), else only messages do (Bybit) */
  pingFrames: boolean;
}

export abstract class IdleSocket<F extends Faults = Faults> extends FaultedSocket<F> {
  received = 0;
  readonly connectedAt: number;
  lastIncoming: number;
  private readonly cancelScan: () => void;

  constructor(
    id: number,
    ws: WebSocket,
    protected readonly scheduler: Scheduler,
    faults: F,
    maxBufferedBytes: number,
    rule: IdleRule,
  ) {
    super(id, ws, scheduler, faults, maxBufferedBytes);
    this.connectedAt = scheduler.now();
    this.lastIncoming = this.connectedAt;
    ws.on('message', (data) => this.incoming(data.toString()));
    if (rule.pingFrames) ws.on('ping', () => (this.lastIncoming = this.scheduler.now()));
    this.cancelScan = scheduler.every(rule.scanMs, () => {
      if (this.scheduler.now() - this.lastIncoming >= rule.idleMs) this.terminate();
    });
  }

  private incoming(text: string): void {
    if (this.outbox.closed) return;
    this.received++;
    this.lastIncoming = this.scheduler.now();
    if (this.faults.silent) return;
    this.onMessage(text);
  }

  /** A message to answer: the socket is open and not muted. */
  protected abstract onMessage(text: string): void;

  /** The venue's part of closing (subscriptions, its registry); runs once, after the scan stopped. */
  protected abstract closing(): void;

  protected released(): void {
    this.cancelScan();
    this.closing();
  }
}
