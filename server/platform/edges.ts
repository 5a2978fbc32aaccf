import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The sandbox's own edges (README "Security", "The sandbox's edges"): what it answers
 * before any route runs. The real provider puts TLS, a WAF and edge rate limits in front of its backend; the
 * sandbox cannot, but it must not be the weak link on a developer's machine either.
 */
export interface EdgeOptions {
  /** Host names the sandbox answers for besides loopback (127.0.0.1, localhost, ::1) and its listen address. */
  allowedHosts?: readonly string[];
  /** The address the sandbox listens on (HOST): dev routes and the simulator's control plane only on loopback. */
  listenHost?: string;
  /** Open TCP connections per source address (HTTP keep-alive and websockets alike); default 256. */
  maxConnectionsPerIp?: number;
}

const loopbackNames = ['127.0.0.1', 'localhost', '::1'];

export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === '::ffff:127.0.0.1';
}

/** The host name of a Host header, without its port ("[::1]:8080" → "::1"); null when malformed. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::\d{1,5})?$/.exec(header.trim());
  const name = match?.[1] ?? match?.[2];
  return name ? name.toLowerCase() : null;
}

/**
 * Answers only for the configured host names. A page on another site that a DNS rebinding pointed at
 * 127.0.0.1 sends its own host name in Host, so it reaches nothing here (dev routes and the control plane
 * included).
 */
export function hostAllowlist(options: EdgeOptions): (header: string | undefined) => boolean {
  const allowed = new Set([...loopbackNames, ...(options.allowedHosts ?? []).map((host) => host.toLowerCase())]);
  const listen = options.listenHost?.toLowerCase();
  if (listen && listen !== '0.0.0.0' && listen !== '::') allowed.add(listen.replace(/^\[|\]$/g, ''));
  return (header) => {
    const name = hostName(header);
    return name !== null && allowed.has(name);
  };
}

/** A browser says a request comes from another site (Sec-Fetch-Site), or names another origin than the host. */
export function isCrossSite(request: Pick<FastifyRequest, 'headers'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

function envelope(status: number, msg: string): string {
  const body = JSON.stringify({ code: status, msg, data: null });
  const reason = { 404: 'Not Found', 421: 'Misdirected Request', 429: 'Too Many Requests' }[status] ?? 'Error';
  return `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/**
 * Writes the answer and drops the socket: ended only, it would stay half-open for as long as the client keeps its
 * side (a raw upgrade socket is no HTTP connection the server closes), and the sandbox's close waits for every socket.
 */
function refuse(socket: Duplex, response: string): void {
  socket.end(response, () => socket.destroy());
  // A client that never reads would keep the answer unflushed; the socket goes anyway.
  setTimeout(() => socket.destroy(), 2000).unref();
}

export const unknownHostMessage = 'Unknown host name';
export const devRouteMessage = 'Developer routes answer same-site requests only';

/**
 * Installs the edges on the Fastify app and its HTTP server: the Host allowlist on every request and
 * websocket upgrade, cross-site refusal on the dev routes and the control plane, an immediate 404 for a
 * websocket upgrade that is not a simulator stream (they used to hang), and a cap on connections per source.
 */
export function installEdges(app: FastifyInstance, options: EdgeOptions): void {
  const hostAllowed = hostAllowlist(options);

  app.addHook('onRequest', async (request, reply) => {
    if (!hostAllowed(request.headers.host)) {
      return reply.code(421).header('Connection', 'close').send({ code: 421, msg: unknownHostMessage, data: null });
    }
    // State-changing or not, these routes act for a developer on this machine, never for another site.
    if ((request.url.startsWith('/sim/_control') || request.url.startsWith('/api/_dev')) && isCrossSite(request)) {
      return reply.code(403).send({ code: 403, msg: devRouteMessage, data: null });
    }
    return undefined;
  });

  const server: Server = app.server;
  // Runs before the simulator's own upgrade listener, which skips a socket this one has ended.
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    if (!hostAllowed(request.headers.host)) {
      refuse(socket, envelope(421, unknownHostMessage));
      return;
    }
    if (!(request.url ?? '').startsWith('/sim/')) refuse(socket, envelope(404, 'Resource does not exist'));
  });

  const cap = options.maxConnectionsPerIp ?? 256;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const source = socket.remoteAddress ?? 'unknown';
    const count = (open.get(source) ?? 0) + 1;
    if (count > cap) {
      refuse(socket, envelope(429, 'Too many connections from this address'));
      return;
    }
    open.set(source, count);
    socket.once('close', () => {
      const left = (open.get(source) ?? 1) - 1;
      if (left <= 0) open.delete(source);
      else open.set(source, left);
    });
  });
}
