import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long requests in flight may take to finish before every socket is dropped; default 5 s. */
  graceMs?: number;
  /** When the process exits whatever is still open (with code 1); default 9 s, inside the 10 s of server/README.md. */
  deadlineMs?: number;
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}

/**
 * Stopping the sandbox (server/README.md "Stopping"): on SIGINT or SIGTERM it takes no new connection, lets the
 * requests in flight finish (their transactions commit or roll back: the database's close waits for them), drops
 * every socket still open after the grace period — keep-alive, upgraded, a request whose body never comes — and
 * exits within the deadline, whatever its clients do. Call before `listen`, so every socket is seen.
 */
export function stopOnSignals(app: FastifyInstance, options: ShutdownOptions = {}): void {
  const graceMs = options.graceMs ?? 5000;
  const deadlineMs = options.deadlineMs ?? 9000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => {
      app.log.error('the sandbox did not close in time; exiting');
      exit(1);
    }, deadlineMs);
    const drop = setTimeout(() => {
      for (const socket of sockets) socket.destroy();
    }, graceMs);
    app.close().then(
      () => {
        clearTimeout(drop);
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        app.log.error(error);
        exit(1);
      },
    );
  };
  for (const signal of options.signals ?? (['SIGINT', 'SIGTERM'] as const)) process.once(signal, stop);
}
