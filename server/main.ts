import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandbox } from './app.ts';
import { stopOnSignals } from './platform/shutdown.ts';
import { marketSourceOf } from './platform/security-headers.ts';
import { simOptionsFromEnv } from './sim/env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env['PORT'] ?? 8080);
const host = process.env['HOST'] ?? '127.0.0.1';
const tls = Boolean(process.env['TLS_KEY'] && process.env['TLS_CERT']);
const shownHost = host.includes(':') ? `[${host}]` : host;
const origin = `${tls ? 'https' : 'http'}://${shownHost}:${port}`;

const app = await buildSandbox({
  distDir: path.join(root, 'dist'),
  // Links in mails (the freeze link) point at APP_ORIGIN, or at this server.
  api: { dataDir: process.env['DATA_DIR'] ?? path.join(root, '.data'), appOrigin: process.env['APP_ORIGIN'] ?? origin },
  sim: simOptionsFromEnv(process.env),
  logger: process.env['LOG'] === '1',
  edges: {
    listenHost: host,
    allowedHosts: (process.env['ALLOWED_HOSTS'] ?? '').split(',').map((name) => name.trim()).filter(Boolean),
    ...(process.env['MAX_CONNECTIONS_PER_IP'] ? { maxConnectionsPerIp: Number(process.env['MAX_CONNECTIONS_PER_IP']) } : {}),
  },
  // TLS_KEY / TLS_CERT (PEM files): serve over HTTPS, with HSTS.
  ...(process.env['TLS_KEY'] && process.env['TLS_CERT']
    ? { https: { key: readFileSync(process.env['TLS_KEY']), cert: readFileSync(process.env['TLS_CERT']) } }
    : {}),
  marketSource: marketSourceOf(process.env['MARKET_SOURCE'] ?? process.env['VITE_MARKET_SOURCE']),
});

// SIGINT/SIGTERM: stop taking connections, let requests in flight finish, drop every socket, exit within 10 s.
stopOnSignals(app);
await app.listen({ port, host });
console.log(`Trading Desk sandbox: ${origin}/`);
