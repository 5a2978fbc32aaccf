import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandbox } from './app.ts';
import { simOptionsFromEnv } from './sim/env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env['PORT'] ?? 8080);
const host = process.env['HOST'] ?? '127.0.0.1';

const app = await buildSandbox({
  distDir: path.join(root, 'dist'),
  api: { dataDir: process.env['DATA_DIR'] ?? path.join(root, '.data') },
  sim: simOptionsFromEnv(process.env),
  logger: process.env['LOG'] === '1',
});

await app.listen({ port, host });
const shownHost = host.includes(':') ? `[${host}]` : host;
console.log(`Trading Desk sandbox: http://${shownHost}:${port}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
