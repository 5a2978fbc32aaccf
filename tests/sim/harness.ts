import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { simPlugin, type SimOptions } from '../../server/sim/index.ts';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator } from '../../server/sim/simulator.ts';

export interface Harness {
  app: FastifyInstance;
  sim: Simulator;
  clock: ManualScheduler;
  base: string;
  wsBase: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:<random port>; returns the port. */
export async function listenLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (addr === null || typeof addr === 'string') throw new Error('no address');
  return addr.port;
}

/** The simulator plugin on a fresh Fastify instance on 127.0.0.1:<random port>, time under test control. */
export async function startSim(
  options: { seed?: number; rate?: number; tickMs?: number; symbols?: number; limits?: SimOptions['limits']; weights?: SimOptions['weights'] } = {},
): Promise<Harness> {
  const clock = new ManualScheduler();
  const sim = new Simulator({
    seed: options.seed ?? 7,
    rate: options.rate ?? 50,
    scheduler: clock,
    ...(options.tickMs !== undefined ? { tickMs: options.tickMs } : {}),
    ...(options.symbols !== undefined ? { symbols: options.symbols } : {}),
  });
  const app = Fastify();
  await app.register(simPlugin, { prefix: '/sim', simulator: sim, ...(options.limits ? { limits: options.limits } : {}), ...(options.weights ? { weights: options.weights } : {}) });
  const port = await listenLoopback(app);
  return {
    app,
    sim,
    clock,
    base: `http://127.0.0.1:${port}/sim`,
    wsBase: `ws://127.0.0.1:${port}/sim`,
    async close() {
      await app.close();
      sim.stop();
    },
  };
}

/** A websocket client that queues every text frame it receives. */
export class Client {
  readonly ws: WebSocket;
  readonly frames: string[] = [];
  closeCode: number | undefined;
  closeReason = '';
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<void>;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, { perMessageDeflate: false, ...options });
    this.ws.on('message', (data) => {
      this.frames.push(data.toString());
      this.wake();
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    this.closed = new Promise((resolve) => {
      this.ws.on('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        this.wake();
        resolve();
      });
    });
    this.ws.on('error', () => this.wake());
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(obj: unknown): void {
    this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj));
  }

  /** Waits until `pred` holds for the received frames (or the socket closed), up to `ms`. */
  async until(pred: (frames: string[]) => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!pred(this.frames)) {
      if (this.closeCode !== undefined) throw new Error(`socket closed (${this.closeCode} ${this.closeReason}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; ${this.frames.length} frames: ${this.frames.slice(-3).join(' | ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Sends a request and waits for the reply carrying its id. */
  async request(obj: { id?: unknown } & Record<string, unknown>): Promise<Record<string, unknown>> {
    const start = this.frames.length;
    this.send(obj);
    let found: Record<string, unknown> | undefined;
    await this.until((f) => {
      for (let k = start; k < f.length; k++) {
        const msg = JSON.parse(f[k]!) as Record<string, unknown>;
        if ('id' in msg && msg['id'] === obj.id && ('result' in msg || 'error' in msg)) {
          found = msg;
          return true;
        }
      }
      return false;
    });
    return found!;
  }

  json<T = Record<string, unknown>>(): T[] {
    return this.frames.map((f) => JSON.parse(f) as T);
  }

  close(): void {
    this.ws.close();
  }
}

export async function getJson<T = unknown>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
}

export async function postJson<T = unknown>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

/** Lets sockets deliver what was sent: a few turns of the event loop. */
export async function settle(ms = 20): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}
