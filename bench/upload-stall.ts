// `npx tsx bench/upload-stall.ts`: does one user's large upload stall another user's requests?
//
// A sandbox runs in a child process (its own event loop, PGlite on disk in a temp directory, as the persistent
// tests run it). User A uploads ~9.9 MB JPEGs to /api/institution/kyc/upload, `parallel` at a time, `uploads` in
// all, while user B (the demo user) calls GET /institution/getUserInfo in a loop, one call after the other. B's
// latency is measured with no uploads (baseline) and while A's uploads run (under load); the server's own
// event-loop delay is sampled in both phases. Writes bench/results/upload-stall-latest.json and prints a
// Markdown summary (copy it into bench/results/upload-stall.md).
//
// Options: --uploads N (20), --parallel N (4), --baseline-ms N (5000), --mb N (9.9).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ApiOptions } from '../server/app.ts';
import { TestApi, demoUser } from '../tests/api/helpers.ts';

interface Stats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

interface LoopDelay {
  p99: number;
  max: number;
}

type ToServer = { type: 'loop-delay-reset' } | { type: 'loop-delay-read' } | { type: 'stop' };
type FromServer = { type: 'listening'; port: number } | { type: 'loop-delay'; value: LoopDelay };

const argv = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(argv[at + 1]) : NaN;
  return Number.isFinite(value) ? value : fallback;
};

if (argv.includes('--server')) await serve();
else await main();

/** The child: the sandbox on a loopback port, its event-loop delay on request. */
async function serve(): Promise<void> {
  const { buildSandbox } = await import('../server/app.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'upload-stall-'));
  // The bench keeps A's load the same before and after the per-user upload quota: 4 uploads at once, 20 a day.
  const limits = JSON.parse(process.env['BENCH_LIMITS'] ?? '{}') as NonNullable<ApiOptions['limits']>;
  const app = await buildSandbox({ api: { dataDir, limits } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const send = (message: FromServer) => process.send?.(message);
  process.on('message', (message: ToServer) => {
    if (message.type === 'loop-delay-reset') histogram.reset();
    if (message.type === 'loop-delay-read') {
      send({ type: 'loop-delay', value: { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 } });
    }
    if (message.type === 'stop') {
      void app.close().then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
}

async function main(): Promise<void> {
  const uploads = option('uploads', 20);
  const parallel = option('parallel', 4);
  const baselineMs = option('baseline-ms', 5000);
  const fileBytes = Math.floor(option('mb', 9.9) * 1024 * 1024);

  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    env: { ...process.env, BENCH_LIMITS: JSON.stringify(benchLimits(uploads, parallel, fileBytes)) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: FromServer) => {
      if (message.type === 'listening') resolve(message.port);
    });
  });

  try {
    const api = new TestApi();
    api.base = `http://127.0.0.1:${port}/api`;
    api.publicKey = (await api.call<{ publicKey: string }>('GET', '/platformConfiguration/get')).data.publicKey;
    const tokenB = await api.token(demoUser.email, demoUser.password);
    const emailA = await api.register('Passw0rd!x');
    const tokenA = await api.token(emailA, 'Passw0rd!x');
    // The same bytes for every upload: the server still reads, checks, hashes and stores each one.
    const file = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(fileBytes - 4)]));

    const readOnce = async (): Promise<number> => {
      const started = performance.now();
      const reply = await api.call('GET', '/institution/getUserInfo', { token: tokenB });
      if (reply.code !== 200) throw new Error(`getUserInfo: ${JSON.stringify(reply)}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i++) await readOnce(); // warm-up: JIT, PGlite caches

    // Baseline: B alone.
    await loopDelay(child, 'loop-delay-reset');
    const baseline: number[] = [];
    const baselineEnd = performance.now() + baselineMs;
    while (performance.now() < baselineEnd) baseline.push(await readOnce());
    const baselineLoop = await loopDelay(child, 'loop-delay-read');

    // Under load: B's loop runs for as long as A's uploads do.
    await loopDelay(child, 'loop-delay-reset');
    const loaded: number[] = [];
    const uploadMs: number[] = [];
    const uploadCodes = new Map<number, number>();
    let next = 0;
    let running = true;
    const uploader = async (): Promise<void> => {
      while (next < uploads) {
        next++;
        const started = performance.now();
        const reply = await api.call('POST', '/institution/kyc/upload', { token: tokenA, raw: file, headers: { 'content-type': 'image/jpeg' } });
        uploadMs.push(performance.now() - started);
        uploadCodes.set(reply.code, (uploadCodes.get(reply.code) ?? 0) + 1);
      }
    };
    const loadStarted = performance.now();
    const reader = (async () => {
      while (running) loaded.push(await readOnce());
    })();
    await Promise.all(Array.from({ length: parallel }, uploader));
    const loadMs = performance.now() - loadStarted;
    running = false;
    await reader;
    const loadedLoop = await loopDelay(child, 'loop-delay-read');

    const base = stats(baseline);
    const load = stats(loaded);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      config: { uploads, parallel, fileBytes, baselineMs },
      baseline: { ...base, serverLoopDelay: baselineLoop },
      underLoad: { ...load, serverLoopDelay: loadedLoop },
      ratio: { p50: load.p50 / base.p50, p99: load.p99 / base.p99, max: load.max / base.max },
      uploads: { codes: Object.fromEntries(uploadCodes), ...stats(uploadMs), totalMs: loadMs, mbPerSecond: (uploads * fileBytes) / 1024 / 1024 / (loadMs / 1000) },
    };
    const f = (n: number, digits = 1): string => n.toFixed(digits);
    const markdown = [
      `Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${result.date}`,
      `A: ${uploads} uploads of ${f(fileBytes / 1024 / 1024, 2)} MB, ${parallel} at a time, done in ${f(loadMs / 1000, 2)} s ` +
        `(${f(result.uploads.mbPerSecond)} MB/s; each p50 ${f(result.uploads.p50, 0)} ms, max ${f(result.uploads.max, 0)} ms; codes ${JSON.stringify(result.uploads.codes)}).`,
      '',
      '| B: GET getUserInfo | calls | p50 ms | p99 ms | max ms | server loop delay p99 / max ms |',
      '|---|---|---|---|---|---|',
      `| baseline (no uploads) | ${base.count} | ${f(base.p50, 2)} | ${f(base.p99, 2)} | ${f(base.max, 2)} | ${f(baselineLoop.p99)} / ${f(baselineLoop.max)} |`,
      `| under A's uploads | ${load.count} | ${f(load.p50, 2)} | ${f(load.p99, 2)} | ${f(load.max, 2)} | ${f(loadedLoop.p99)} / ${f(loadedLoop.max)} |`,
      `| ratio (load / baseline) | | ${f(result.ratio.p50)}× | ${f(result.ratio.p99)}× | ${f(result.ratio.max)}× | |`,
    ].join('\n');
    const dir = path.join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'upload-stall-latest.json'), JSON.stringify({ ...result, markdown }, null, 2) + '\n');
    console.log(markdown);
  } finally {
    child.send({ type: 'stop' } satisfies ToServer);
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/**
 * Per-user upload limits (server/platform/context.ts `Limits.uploadQuota`, once they exist) raised just enough for the
 * bench's load, so the numbers before and after the quota measure the same work. Unknown keys are ignored.
 */
function benchLimits(uploads: number, parallel: number, fileBytes: number): Record<string, unknown> {
  return { uploadQuota: { filesPerDay: uploads, bytesPerDay: uploads * fileBytes, inFlight: parallel } };
}

function loopDelay(child: ChildProcess, type: 'loop-delay-reset' | 'loop-delay-read'): Promise<LoopDelay> {
  return new Promise((resolve) => {
    if (type === 'loop-delay-reset') {
      child.send({ type } satisfies ToServer, () => resolve({ p99: 0, max: 0 }));
      return;
    }
    const onMessage = (message: FromServer) => {
      if (message.type !== 'loop-delay') return;
      child.off('message', onMessage);
      resolve(message.value);
    };
    child.on('message', onMessage);
    child.send({ type } satisfies ToServer);
  });
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}
