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

/**
 * The same-origin module URL a failed dynamic import names (Chromium: "Failed to fetch dynamically imported
 * module: <url>"; Firefox: "error loading dynamically imported module: <url>"), or null.
 */
export function failedModuleUrl(cause: unknown, origin: string): string | null {
  const message = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  const match = /(https?:\/\/[^\s'"]+\.m?js)(?:\?[^\s'"]*)?/.exec(message);
  if (!match?.[1]) return null;
  try {
    return new URL(match[1]).origin === origin ? match[1] : null;
  } catch {
    return null;
  }
}

/**
 * The loader for a retry after `failure`. A browser may keep a failed module import in its module map
 * (Chromium 150 does): importing the same URL again then fails at once, without a request, and the retry
 * could never recover. So the retry imports the module the error names under a query of its own; when the
 * error names none, it uses the original loader.
 */
export function retryLoader<T>(load: () => Promise<T>, failure: ChunkLoadError, attempt: number, origin: string): () => Promise<T> {
  const url = failedModuleUrl(failure.cause, origin);
  if (!url) return load;
  return () => import(/* @vite-ignore */ `${url}?retry=${attempt}`) as Promise<T>;
}
