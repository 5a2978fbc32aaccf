/// <reference types="node" />
// Test helper: a real HTTP server on loopback (port 0) that records what the client sent and answers
// with whatever the test scripts. Not part of the app bundle (only tests import it).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from './api-error.ts';

export interface Recorded {
  method: string;
  url: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  /** Route by path (without the query); unknown paths answer 404 with no body. */
  on: (path: string, handler: Handler) => void;
  close: () => Promise<void>;
}

export function json(res: ServerResponse, body: unknown, status = 200, contentType = 'application/json'): void {
  res.writeHead(status, { 'content-type': contentType });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const requests: Recorded[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const path = url.split('?')[0] ?? '/';
      const recorded: Recorded = { method: req.method ?? '', url, path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      open.add(res);
      res.on('close', () => open.delete(res));
      const handler = routes.get(path);
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      void handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    on: (path, handler) => routes.set(`/api${path}`, handler),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port that nothing listens on: bind port 0, note it, close. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The ApiError a call rejects with; fails the test if it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error('expected the call to reject');
}
