// spec §2 "Lazy-loaded chunks have a 120 s load time-out"; spec §8 "Chunk load failure (script or style chunk
// fails or times out) raises a load error naming the chunk".

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} ${reason === 'timeout' ? 'timed out' : 'failed'}`, options);
  }
}

/** Loads a chunk, rejecting with a ChunkLoadError that names it when it fails or takes longer than `timeoutMs`. */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, 'failed', { cause }));
      },
    );
  });
}
