import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';
import { type Db, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { type Clock, offsetClock, systemClock } from './clock.ts';
import { type ApiContext, defaultLimits, type Limits } from './context.ts';
import { ApiError, badInput, Code, messages } from './envelope.ts';
import { loadOrCreateKeys } from './rsa.ts';
import { clearTempFiles, openUploadStore, registerUploadParser } from './uploads.ts';
import { clearInFlight } from './upload-quota.ts';
import { joinProcesses, runExclusive } from './job-lock.ts';
import { sharedOffsetClock } from './shared-clock.ts';
import { replyLanguage, replyMessage } from './reply-language.ts';

export interface KernelOptions {
  /** Where the embedded database keeps its files; default `.data/` under the project (server/main.ts). */
  dataDir?: string;
  /** postgres://… → a PostgreSQL server instead of PGlite; default `DATABASE_URL` from the environment. */
  databaseUrl?: string;
  /** An open database to use instead (tests); the kernel then does not close it. */
  db?: Db;
  /** Time source; tests pass a fake clock. */
  clock?: Clock;
  limits?: Partial<Limits>;
  /** The `/_dev` routes (outbox, KYC decisions); default on, unless API_DEV_ROUTES=0. */
  devRoutes?: boolean;
  /** Origins other than the request's own host allowed to make state changes (e.g. a dev server). */
  allowedOrigins?: string[];
  /**
   * Where the app is served, for links in mails (the freeze link); default `APP_ORIGIN` from the environment, else
   * `http://127.0.0.1:8080` (server/main.ts). Never taken from a request's Host: a stranger's request would choose it.
   */
  appOrigin?: string;
}

/** What the layers above get from the kernel: its context, and whether the `/_dev` routes are on. */
export interface Kernel {
  ctx: ApiContext;
  devRoutes: boolean;
}

/**
 * The kernel of the provider API stand-in (spec §7) in the API's scope: the database (PGlite or PostgreSQL),
 * migrated; the clock, the RSA key pair and the upload store; the envelope of spec §8 for every error; the origin,
 * `source` and text checks of every request; the upload and form parsers; `/health`. The caller (server/app.ts)
 * hands in how a request's user is found (`authenticate`) and then registers identity and the domains on the same
 * scope, so all of this applies to their routes.
 */
export async function openKernel(app: FastifyInstance, options: KernelOptions, authenticate: (ctx: ApiContext, request: FastifyRequest) => Promise<Auth>): Promise<Kernel> {
  const databaseUrl = options.databaseUrl ?? process.env['DATABASE_URL'];
  const db = options.db ?? (await openDatabase({ dataDir: options.dataDir, databaseUrl: databaseUrl || undefined, migrated: true }));
  const withDevRoutes = options.devRoutes ?? process.env['API_DEV_ROUTES'] !== '0';
  // With the dev routes on, the clock can be moved forward (`/_dev/clock/advance`: confirmations, the 24-hour
  // address lock, T+1) so testers never wait in real time; otherwise it is the system's.
  // One process migrates at a time: another started at once finds the migrations applied (job-lock.ts).
  await runExclusive(db, 'migrate', async () => void (await migrate(db)));
  // On PostgreSQL the offset is shared by every process on the database (shared-clock.ts): each request takes it
  // as it arrives, and a reply leaves after the advances it made are stored.
  const shared = !options.clock && withDevRoutes && db.kind === 'postgres' ? await sharedOffsetClock(db) : undefined;
  if (shared) {
    app.addHook('onRequest', async () => shared.refresh());
    app.addHook('onSend', async () => shared.stored());
  }
  const clock = options.clock ?? shared ?? (withDevRoutes ? offsetClock() : systemClock);
  // Several processes may share a PostgreSQL database (server/README.md "Several processes"): only a process that
  // starts alone frees the upload slots (and temporary files) a stopped one held; the others' are still in flight.
  const uploads = await openUploadStore(app, options.dataDir);
  const presence = await joinProcesses(db, async () => {
    await clearInFlight(db);
    await clearTempFiles(uploads);
  });
  app.addHook('onClose', async () => {
    await presence.leave();
    if (!options.db) await db.close();
  });
  const ctx: ApiContext = {
    db,
    clock,
    keys: await loadOrCreateKeys(db, new Date(clock.now())),
    limits: { ...defaultLimits, ...options.limits },
    totpIssuer: 'Trading Desk',
    appOrigin: (options.appOrigin ?? process.env['APP_ORIGIN'] ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    timed: [],
    uploads,
    authenticate: (request) => authenticate(ctx, request),
  };

  app.setErrorHandler((caught: unknown, request, reply) => {
    // spec §7/§8: the refusal's message in the request's Accept-Language (reply-language.ts).
    const send = (status: number, envelope: { code: number; msg: string; data: unknown }) =>
      reply.code(status).send({ ...envelope, msg: replyMessage(envelope.code, envelope.msg, replyLanguage(request)) });
    if (caught instanceof ApiError) return send(caught.httpStatus, caught.toEnvelope());
    const error = caught as FastifyError;
    if (error.validation) {
      const first = error.validation[0];
      const params = (first?.params ?? {}) as { missingProperty?: string };
      const field = params.missingProperty ?? first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      return send(400, {
        code: Code.badRequest,
        msg: `${error.validationContext ?? 'body'}${field ? `.${field}` : ''} ${first?.message ?? 'is invalid'}`,
        data: { field: field || error.validationContext || 'body', rule: first?.keyword ?? 'invalid' },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON body, too large, unsupported type: a client mistake, answered as one.
      const code = status === 413 ? Code.tooLarge : status === 415 ? Code.unsupportedMediaType : Code.badRequest;
      return send(code, { code, msg: code === Code.badRequest ? error.message : messages[code], data: null });
    }
    request.log.error(error);
    return send(500, { code: Code.serverError, msg: messages[Code.serverError], data: null });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: Code.notFound, msg: replyMessage(Code.notFound, messages[Code.notFound], replyLanguage(request)), data: null }),
  );

  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  app.addHook('onRequest', async (request) => {
    if (!isSafeMethod(request.method) && isCrossOrigin(request, allowedOrigins)) throw new ApiError(Code.forbidden);
    // DESIGN.md: every call sends `source: web`; a custom header also keeps simple cross-site forms out.
    const isDev = request.url.startsWith(`${app.prefix}/_dev/`) || request.url.startsWith(`${app.prefix}/health`);
    if (!isDev && !request.is404 && !['web', 'h5', 'app'].includes(String(request.headers['source'] ?? ''))) {
      throw new ApiError(Code.badRequest, { field: 'source', rule: 'required' }, 'Header "source: web" is required');
    }
  });

  // PostgreSQL text cannot hold NUL, and UTF-8 cannot hold a lone surrogate: refuse them as bad input
  // before any handler passes them to the database.
  app.addHook('preValidation', async (request) => {
    const field = findBadText(request.body, 'body') ?? findBadText(request.query, 'query');
    if (field) throw badInput(field, 'text', `Invalid characters in ${field}`);
  });

  // KYC documents arrive as the raw file (spec §5: JPG or PNG, not compressed), streamed to disk (uploads.ts).
  registerUploadParser(app, ctx.uploads, ['image/jpeg', 'image/png']);
  // spec §7 "Downloads": a download posts its fields form-encoded. Each field once; the route's schema checks them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string)) {
      if (key in fields) return done(badInput(key, 'repeated', `${key} is given twice`), undefined);
      fields[key] = value;
    }
    done(null, fields);
  });

  app.get('/health', async () => ({ code: 200, msg: 'success', data: { ok: true } }));
  return { ctx, devRoutes: withDevRoutes };
}

function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/**
 * Cross-origin state changes are refused: a browser says where a request comes from in Sec-Fetch-Site
 * and Origin. Callers that send neither (curl, tests, server-to-server) are not browsers acting for a site.
 */
function isCrossOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    const origin = request.headers.origin;
    return !(typeof origin === 'string' && allowed.has(origin));
  }
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (allowed.has(origin)) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const badText = { test: (text: string) => text.includes('\u0000') || loneSurrogate.test(text) };

/** The path of the first string (key or value) that PostgreSQL could not store, or null. */
function findBadText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return badText.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === 'body' || path === 'query' ? key : `${path}.${key}`;
    if (badText.test(key)) return itemPath;
    const found = findBadText(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}
