import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Code, messages } from './platform/envelope.ts';
import { brokerPlugin } from './broker/plugin.ts';
import { seedDemoBroker } from './broker/seed.ts';
import { convertPlugin } from './convert/plugin.ts';
import { electricityPlugin } from './electricity/plugin.ts';
import { helpPlugin } from './help/plugin.ts';
import { identityPlugin } from './identity/plugin.ts';
import { demoUser, seedDemo, seedUnorderedUser } from './identity/seed.ts';
import { authenticate } from './identity/sessions.ts';
import { loansPlugin } from './loans/plugin.ts';
import { marketConfigPlugin } from './market-config/plugin.ts';
import { messagesPlugin } from './messages/plugin.ts';
import { otcPlugin } from './otc/plugin.ts';
import { type KernelOptions, openKernel } from './platform/kernel.ts';
import { tradePlugin } from './trade/plugin.ts';
import { fundDemoVenueAccounts } from './trade/seed.ts';
import { walletPlugin } from './wallet/plugin.ts';
import { seedDemoBalances } from './wallet/seed.ts';
import { SimVenues, Simulator, simPlugin, type SimOptions } from './sim/index.ts';
import { type EdgeOptions, installEdges, isLoopback } from './platform/edges.ts';
import { type HeaderOptions, securityHeaders, strictTransportSecurity } from './platform/security-headers.ts';
import { sharedValidators } from './platform/validators.ts';

export interface ApiOptions extends KernelOptions {
  /** Seed the demo institution user; default on. */
  seed?: boolean;
  /** With the demo user, the demo organisation's project and its seeded year (server/broker/seed.ts); default on. */
  demoProject?: boolean;
  /** The market simulator the trading calls (server/trade) match against; without it they are not served. */
  simulator?: Simulator;
  /** Every venue's simulator (server/sim/venues.ts): the trading calls and broker valuation of an account on OKX or
   * Bybit use that venue's; by default built around `simulator`. */
  venues?: SimVenues;
}

/**
 * The provider API stand-in (spec §7) under /api, composed in layers that only point down: the kernel
 * (server/platform: database, context, envelope of spec §8, request checks), identity on it, then one plugin per
 * domain. Each domain plugin is registered here and nowhere else; each reaches another domain only through that
 * domain's index.ts (the layer rules: .dependency-cruiser.cjs).
 */
export async function apiPlugin(api: FastifyInstance, options: ApiOptions): Promise<void> {
  const { ctx, devRoutes } = await openKernel(api, options, authenticate);
  if (options.seed ?? true) {
    const project = options.demoProject ?? true;
    await seedDemo(ctx.db, new Date(ctx.clock.now()), [seedDemoBalances, seedDemoBroker({ project })]);
    await seedUnorderedUser(ctx.db, new Date(ctx.clock.now()));
    // The demo user's OKX and Bybit accounts, funded once (also for a demo user seeded before they existed).
    await fundDemoVenueAccounts(ctx.db, demoUser.email, new Date(ctx.clock.now()));
  }
  const domain = { ctx, devRoutes };
  await api.register(identityPlugin, domain);
  await api.register(walletPlugin, domain);
  await api.register(helpPlugin, domain);
  await api.register(marketConfigPlugin, domain);
  await api.register(messagesPlugin, domain);
  await api.register(brokerPlugin, { ...domain, sim: options.simulator, venues: options.venues });
  const sim = options.simulator;
  if (!sim) return;
  // Trading, and the desks priced from the same simulator books the engine trades against.
  await api.register(tradePlugin, { ...domain, sim, ...(options.venues ? { venues: options.venues } : {}) });
  await api.register(convertPlugin, { ...domain, sim });
  await api.register(otcPlugin, { ...domain, sim });
  await api.register(loansPlugin, { ...domain, sim });
  await api.register(electricityPlugin, { ...domain, sim });
}

export interface SandboxOptions {
  /** Built app to serve (vite build output); omitted or missing → API and simulator only. */
  distDir?: string;
  api?: ApiOptions;
  sim?: SimOptions;
  logger?: boolean;
  /** Sees every route as it is registered (the security tests probe each route's inputs from its schema). */
  onRoute?: (route: RouteOptions) => void;
  /** Host allowlist, listen address (dev routes on loopback only) and connections per source (server/platform/edges.ts). */
  edges?: EdgeOptions;
  /** Serve over TLS (then with HSTS): PEM key and certificate. */
  https?: { key: string | Buffer; cert: string | Buffer };
  /** The market endpoints the built app uses, for the CSP's connect-src (server/platform/security-headers.ts). */
  marketSource?: HeaderOptions['marketSource'];
}

/**
 * Body limit of every route that does not set its own (server/README.md "Body limits"): the largest JSON
 * body a call accepts is the keyboard configuration (4000 characters, up to ~12 KB in UTF-8); sign-in and most
 * calls are well under 2 KB. Only the upload route takes more (10 MB, server/identity/routes/kyc.ts).
 */
export const defaultBodyLimit = 16 * 1024;

/**
 * The sandbox: one Fastify app on one port that serves the built app, the provider API under /api
 * and the market simulator under /sim (../shared/DESIGN.md "The sandbox").
 */
export async function buildSandbox(options: SandboxOptions = {}): Promise<FastifyInstance> {
  // The API's first start creates the database, runs migrations, generates its RSA key pair and hashes the
  // demo password: more than Fastify's default 10 s plugin time-out on a busy 2-core machine.
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: defaultBodyLimit,
    pluginTimeout: 120_000,
    schemaController: { compilersFactory: { buildValidator: sharedValidators } },
    ...(options.https ? { https: options.https } : {}),
  }) as unknown as FastifyInstance;

  // Too large, malformed or of an unsupported type on /sim and the static files: the 4xx envelope of the API
  // (server/README.md), not Fastify's own error shape. The API sets its own handler under /api.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: status, msg: status === 413 ? messages[Code.tooLarge] : error.message, data: null });
    }
    request.log.error(error);
    return reply.code(500).send({ code: Code.serverError, msg: messages[Code.serverError], data: null });
  });

  const onRoute = options.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  installEdges(app, options.edges ?? {});
  const headers = securityHeaders({ marketSource: options.marketSource ?? 'sandbox' });
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    // Every API reply may carry personal data (the authenticator secret among them): never stored by a cache.
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', strictTransportSecurity);
    return payload;
  });

  // Dev routes (/api/_dev) and the simulator's control plane only while the sandbox listens on loopback.
  const devAllowed = isLoopback(options.edges?.listenHost ?? '127.0.0.1');

  // One simulator for the market endpoints and the trading calls that match against it (server/trade).
  const sim = options.sim?.simulator ?? newSimulator(options.sim ?? {});
  if (!options.sim?.simulator) app.addHook('onClose', async () => sim.stop());
  // Every venue's simulator (OKX and Bybit beside Binance), on Binance's scheduler and seed.
  const venues = options.sim?.venues ?? new SimVenues(sim);
  if (!options.sim?.venues) app.addHook('onClose', async () => venues.stop());
  await app.register(apiPlugin, { prefix: '/api', simulator: sim, venues, ...options.api, ...(devAllowed ? {} : { devRoutes: false }) });
  await app.register(simPlugin, { prefix: '/sim', ...options.sim, simulator: sim, venues, ...(devAllowed ? {} : { control: false }) });

  const distDir = options.distDir;
  if (distDir && existsSync(path.join(distDir, 'index.html'))) {
    // Vite names every file under assets/ by its content hash: a changed file gets a new name, so the browser may
    // keep them without asking again (bench/results/browser.md "Cold start": a warm load made a revalidation
    // request per chunk).
    const assetsDir = path.join(distDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.ts); a browser that accepts one gets
      // it, with Vary: Accept-Encoding (bench/results/browser.md "Cold start": 1.1 MiB of JavaScript went out
      // uncompressed).
      preCompressed: true,
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        if (filePath.startsWith(assetsDir)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    // Single-page app: every other GET that accepts HTML gets index.html; the router takes it from there.
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/sim/') &&
        !path.extname(request.url.split('?')[0] ?? '');
      if (isPage) return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
      return reply.code(404).send({ code: 404, msg: 'Resource does not exist', data: null });
    });
  }
  return app;
}

function newSimulator(options: SimOptions): Simulator {
  return new Simulator({
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.rate !== undefined ? { rate: options.rate } : {}),
    ...(options.load !== undefined ? { load: options.load } : {}),
    ...(options.symbols !== undefined ? { symbols: options.symbols } : {}),
    ...(options.scheduler !== undefined ? { scheduler: options.scheduler } : {}),
  });
}
