/**
 * What every stream server of the simulator shares (Binance's StreamServer and the venues' protocol front-ends): the
 * upgrade listener on the sandbox's HTTP server, the handshakes in progress, the registry of open sockets by id, and
 * the close that drops them all (the sandbox's close waits for every socket).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type ServerOptions, type WebSocket } from 'ws';
import type { MarketKind } from './instruments.ts';
import type { Faults } from './outbox.ts';

/** What the registry asks of a socket. */
export interface FrontSocket {
  readonly id: number;
  terminate(): void;
}

/** The fields every front lists of a socket (the control plane's `/_control/connections`). */
export interface SocketStats extends FrontSocket {
  readonly connId?: string;
  readonly market: MarketKind;
  readonly sent: number;
  readonly received: number;
  readonly connectedAt: number;
  readonly lastIncoming?: number;
  readonly faults: Faults;
}

export function socketRow(c: SocketStats): Record<string, unknown> {
  return {
    id: c.id,
    ...(c.connId === undefined ? {} : { connId: c.connId }),
    market: c.market,
    messagesSent: c.sent,
    messagesReceived: c.received,
    connectedAt: c.connectedAt,
    ...(c.lastIncoming === undefined ? {} : { lastIncoming: c.lastIncoming }),
    faults: { ...c.faults },
  };
}

export abstract class SocketFront<C extends FrontSocket> {
  readonly connections = new Map<number, C>();
  private readonly wss: WebSocketServer;
  /** Sockets between their upgrade request and the websocket handshake's end. */
  private readonly pending = new Set<Duplex>();
  private nextId = 1;
  private server: Server | undefined;
  // Already answered by the sandbox's edges (server/platform/edges.ts: unknown host, not a simulator path) when not writable.
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (socket.writable) this.upgrade(req, socket, head);
  };

  constructor(options: ServerOptions = {}) {
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1 << 20, ...options });
  }

  attach(server: Server): void {
    this.server = server;
    server.on('upgrade', this.onUpgrade);
  }

  /** Routes an upgrade: leaves one that is not this front's alone, refuses or `accept`s the others. */
  protected abstract upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;

  /** Completes the handshake and registers what `open` makes of the socket; `drop` takes it off the registry. */
  protected accept(req: IncomingMessage, socket: Duplex, head: Buffer, open: (id: number, ws: WebSocket, drop: (c: C) => void) => C): void {
    this.pending.add(socket);
    socket.once('close', () => this.pending.delete(socket));
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.pending.delete(socket);
      const id = this.nextId++;
      this.connections.set(id, open(id, ws, (c) => this.connections.delete(c.id)));
    });
  }

  /** What the front releases on close once its sockets are gone (feeds, timers). */
  protected released(): void {}

  /** Stops taking upgrades and drops every socket and handshake in progress. */
  close(): void {
    this.server?.off('upgrade', this.onUpgrade);
    for (const socket of this.pending) socket.destroy();
    this.pending.clear();
    for (const c of [...this.connections.values()]) c.terminate();
    this.released();
    this.wss.close();
  }
}
