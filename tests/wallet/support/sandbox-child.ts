// A sandbox in a process of its own, for the crash test (tests/wallet/crash.test.ts): the API and simulator
// (no built app) on a free loopback port, on PGlite in DATA_DIR or on DATABASE_URL; prints its port as JSON.
import { buildSandbox } from '../../../server/app.ts';

const app = await buildSandbox({
  api: {
    demoProject: false,
    ...(process.env['DATABASE_URL'] ? { databaseUrl: process.env['DATABASE_URL'] } : { dataDir: process.env['DATA_DIR']! }),
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
