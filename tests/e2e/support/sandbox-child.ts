import type { AddressInfo } from 'node:net';
import { buildSandbox } from '../../../server/app.ts';
import { stopOnSignals } from '../../../server/platform/shutdown.ts';

/**
 * The sandbox as `npm run sandbox` runs it (server/main.ts), in a process of its own so that a test can stop it
 * (SIGTERM, or SIGKILL as a crash) and start it again on the same port: the built app from DIST_DIR, the database
 * under DATA_DIR (sessions survive the restart, as they do for the real sandbox), PORT (0: any free one). It prints
 * one line of JSON with the port once it listens.
 */
const app = await buildSandbox({
  distDir: process.env['DIST_DIR'] as string,
  api: { dataDir: process.env['DATA_DIR'] as string, demoProject: false },
});
stopOnSignals(app);
await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
