import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk-loading.ts';

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
