import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from './context.ts';
import { ApiError, Code, ok } from './envelope.ts';
import type { Auth } from './auth.ts';
import { reserveUpload, settleUpload, type UploadReservation } from './upload-quota.ts';

/**
 * Uploaded files (KYC documents, spec §5) on disk, their metadata in the database.
 *
 * Why not in the database: PGlite is PostgreSQL compiled to WebAssembly and runs on the main thread, so each
 * statement blocks the event loop while it runs; inserting a 10 MB `bytea` blocked every other user's request
 * for seconds (bench/results/upload-stall.md). So the body streams to a temporary file as it arrives, hashed and
 * measured chunk by chunk (no 10 MB buffer, no 10 MB hash in one go), is renamed into place when it passes the
 * checks, and the database gets one small row: id, user, type, size, sha256, path.
 */
export interface UploadStore {
  /** `<dataDir>/uploads`, or a temporary directory when the API has no data directory (in-memory PGlite). */
  dir: string;
}

/**
 * Opens the store: creates the directory. The temporary files a stopped process left behind are cleared by
 * `clearTempFiles`, which the kernel runs only when this process started alone on its database (job-lock.ts
 * `joinProcesses`): on an upload directory shared by several processes they may be another's uploads in flight.
 */
export async function openUploadStore(app: FastifyInstance, dataDir: string | undefined): Promise<UploadStore> {
  let dir: string;
  if (dataDir) {
    dir = path.join(dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
  } else {
    // No data directory: the database lives in memory (server/platform/db/pglite.ts) or on a PostgreSQL server given by
    // DATABASE_URL; the files live as long as this process, like an in-memory database's rows.
    dir = await mkdtemp(path.join(os.tmpdir(), 'trading-desk-uploads-'));
    app.addHook('onClose', async () => rm(dir, { recursive: true, force: true }));
  }
  return { dir };
}

/** Removes the temporary files of uploads that never finished (a process stopped mid-body). */
export async function clearTempFiles(store: UploadStore): Promise<void> {
  for (const name of await readdir(store.dir)) {
    if (name.startsWith(tempPrefix)) await rm(path.join(store.dir, name), { force: true });
  }
}

const tempPrefix = '.tmp-';

/** A request body received into a temporary file. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for the type check (magic numbers). */
  head: Buffer;
}

const headBytes = 16;

/**
 * Streams a body to a temporary file in the store, hashing and counting as it goes. More than `limit` bytes →
 * 413 as soon as the limit is passed (the rest is not read; the reply closes the connection); a body shorter
 * than its Content-Length (client gone) → 400. The temporary file is removed on every failure.
 */
export function receiveToTemp(store: UploadStore, payload: Readable, limit: number, declaredLength: number): Promise<ReceivedFile> {
  const tempPath = path.join(store.dir, `${tempPrefix}${randomUUID()}`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  return new Promise<ReceivedFile>((resolve, reject) => {
    const out = createWriteStream(tempPath, { flags: 'wx' });
    let settled = false;
    const detach = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
      payload.off('close', onClose);
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      detach();
      // Keep the stream flowing so what is still arriving is dropped, not buffered.
      payload.resume();
      out.destroy();
      void rm(tempPath, { force: true }).finally(() => reject(error));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(new ApiError(Code.tooLarge));
      // One socket read at a time (≤ 64 KiB): each hash step is a fraction of a millisecond.
      hash.update(chunk);
      if (headLength < headBytes) {
        head.push(chunk.subarray(0, headBytes - headLength));
        headLength += Math.min(chunk.length, headBytes - headLength);
      }
      if (!out.write(chunk)) {
        payload.pause();
        out.once('drain', () => payload.resume());
      }
    };
    const onEnd = () => {
      detach();
      if (Number.isFinite(declaredLength) && declaredLength !== size) return fail(lengthMismatch());
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve({ tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(head) });
      });
    };
    const onError = (error: Error) => fail(Object.assign(error, { statusCode: 400 }));
    // Closed before its end: the client went away mid-upload.
    const onClose = () => fail(lengthMismatch());
    out.on('error', (error) => fail(error));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.on('close', onClose);
  });
}

function lengthMismatch(): ApiError {
  return new ApiError(Code.badRequest, { field: 'file', rule: 'incomplete' }, 'The upload ended before its declared length');
}

/** Moves a received file into place under its id; returns the path stored in the database (relative). */
export async function commitUpload(store: UploadStore, file: ReceivedFile, id: string): Promise<string> {
  const name = storedName(id);
  await rename(file.tempPath, path.join(store.dir, name));
  return name;
}

export async function removeStored(store: UploadStore, name: string): Promise<void> {
  await rm(path.join(store.dir, storedName(name)), { force: true });
}

/** Stored names are the ids the server made (UUIDs): never a path a row could steer elsewhere. */
function storedName(id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not an upload id: ${id}`);
  return id;
}

export interface StoredUpload {
  contentType: string;
  size: number;
  sha256: string;
  data: Buffer;
}

/**
 * A user's uploaded file, from disk, or from the database for rows written before migration 008 (their bytes
 * stayed in `kyc_files.data`). Null when the file is not that user's. Every read of a file goes through here.
 */
export async function readUpload(ctx: ApiContext, userId: number, fileId: string): Promise<StoredUpload | null> {
  const rows = await ctx.db.query<{ content_type: string; size: number; sha256: string; path: string | null; data: Buffer | Uint8Array | null }>(
    'select content_type, size, sha256, path, data from kyc_files where id = $1 and user_id = $2',
    [fileId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  const data = row.path !== null ? await readFile(path.join(ctx.uploads.dir, storedName(row.path))) : Buffer.from(row.data ?? []);
  return { contentType: row.content_type, size: row.size, sha256: row.sha256, data };
}

/** The media type of a Content-Type header, without parameters, lower case. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export interface UploadInput {
  auth: Auth;
  contentType: string;
  /** Null when the request had no body at all. */
  file: ReceivedFile | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface UploadState {
  auth: Auth;
  tempPath: string | null;
  reservation: UploadReservation;
  /** Bytes stored once the handler has kept the file. */
  stored: number | null;
  settled: boolean;
}

/** The end of an upload, once: its temporary file removed, its quota place settled. */
async function finish(ctx: ApiContext, state: UploadState): Promise<void> {
  const tempPath = state.tempPath;
  state.tempPath = null;
  if (tempPath) await rm(tempPath, { force: true });
  if (state.settled) return;
  state.settled = true;
  await settleUpload(ctx.db, state.reservation, state.stored);
}

const uploadStates = new WeakMap<FastifyRequest, UploadState>();

/**
 * A route whose body is one file, received to disk. Unlike `userRoute`, the session, the content type, the
 * declared length and the user's upload quota (upload-quota.ts) are checked when the request arrives, before its
 * body is read: a caller without a session, over quota, or with a body too large or of another type, does not get
 * to send 10 MB. Whatever the outcome, the temporary file is gone and the quota settled when the reply leaves.
 * The handler returns the size it stored.
 */
export function uploadRoute(
  ctx: ApiContext,
  app: FastifyInstance,
  spec: {
    url: string;
    contentTypes: readonly string[];
    bodyLimit: number;
    handler: (input: UploadInput) => Promise<{ data: unknown; stored: number }>;
  },
): void {
  app.route({
    method: 'POST',
    url: spec.url,
    bodyLimit: spec.bodyLimit,
    config: { upload: true },
    onRequest: async (request, reply) => {
      try {
        const auth = await ctx.authenticate(request);
        if (!spec.contentTypes.includes(mediaType(request.headers['content-type']))) throw new ApiError(Code.unsupportedMediaType);
        const declared = Number(request.headers['content-length']);
        if (declared > spec.bodyLimit) throw new ApiError(Code.tooLarge);
        const reservation = await reserveUpload(ctx, auth.user.id, Number.isFinite(declared) ? declared : spec.bodyLimit);
        const state: UploadState = { auth, tempPath: null, reservation, stored: null, settled: false };
        uploadStates.set(request, state);
        // A client gone before its reply: settle here (onSend below covers every reply that is sent).
        reply.raw.once('close', () => {
          finish(ctx, state).catch((error: unknown) => request.log.error(error));
        });
      } catch (error) {
        // Refused before the body is read: close the connection rather than read what the client still sends.
        reply.header('connection', 'close');
        throw error;
      }
    },
    // Before the reply leaves, so a client that has it finds nothing half-written and its slot free for the next.
    onSend: async (request) => {
      const state = uploadStates.get(request);
      if (state) await finish(ctx, state);
    },
    handler: async (request, reply) => {
      const state = uploadStates.get(request);
      if (!state) throw new Error('upload state missing');
      const file = isReceived(request.body) ? request.body : null;
      state.tempPath = file?.tempPath ?? null;
      const result = await spec.handler({ auth: state.auth, contentType: mediaType(request.headers['content-type']), file, request, reply });
      state.stored = result.stored;
      return ok(result.data);
    },
  });
}

function isReceived(body: unknown): body is ReceivedFile {
  return typeof body === 'object' && body !== null && typeof (body as ReceivedFile).tempPath === 'string';
}

/**
 * The parser of file bodies: on upload routes (`uploadRoute`) the body streams to disk; any other route has no use
 * for a file and answers 415 without reading it.
 */
export function registerUploadParser(app: FastifyInstance, store: UploadStore, contentTypes: string[]): void {
  app.addContentTypeParser(contentTypes, (request, payload, done) => {
    const config = request.routeOptions.config as { upload?: boolean } | undefined;
    if (request.is404) return done(new ApiError(Code.notFound), undefined);
    if (!config?.upload) return done(new ApiError(Code.unsupportedMediaType), undefined);
    receiveToTemp(store, payload, request.routeOptions.bodyLimit, Number(request.headers['content-length'])).then(
      (file) => {
        const state = uploadStates.get(request);
        if (state) state.tempPath = file.tempPath;
        done(null, file);
      },
      (error: Error) => done(error, undefined),
    );
  });
}
