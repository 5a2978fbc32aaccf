import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, failedModuleUrl, loadChunk, retryLoader } from './chunk-loading.ts';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module', async () => {
    await expect(loadChunk('home', async () => ({ default: 1 }), 120_000)).resolves.toEqual({ default: 1 });
  });

  it('names the chunk when the import fails', async () => {
    const error = await loadChunk('wallet', () => Promise.reject(new TypeError('Failed to fetch')), 120_000).catch((e) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ chunk: 'wallet', reason: 'failed' });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('times out after 120 s (spec §2), not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk('market', () => new Promise(() => {}), 120_000).catch((e) => (settled = e));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ chunk: 'market', reason: 'timeout' });
  });
});

describe('retryLoader', () => {
  const origin = 'http://127.0.0.1:8080';
  const failure = (message: string) => new ChunkLoadError('home', 'failed', { cause: new TypeError(message) });

  it('reads the module URL of a failed dynamic import, same origin only', () => {
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${origin}/assets/HomePage-rJU5g2n0.js`), origin)).toBe(
      `${origin}/assets/HomePage-rJU5g2n0.js`,
    );
    expect(failedModuleUrl(new TypeError('error loading dynamically imported module: https://evil.example/x.js'), origin)).toBeNull();
    expect(failedModuleUrl(new TypeError('Failed to fetch'), origin)).toBeNull();
  });

  it('falls back to the original loader when the error names no module', () => {
    const load = async () => ({ default: 1 });
    expect(retryLoader(load, failure('Failed to fetch'), 1, origin)).toBe(load);
    expect(retryLoader(load, failure(`Failed to fetch dynamically imported module: ${origin}/assets/A-1.js`), 1, origin)).not.toBe(load);
  });
});
