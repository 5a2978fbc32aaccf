// The one loader path of every lazy chunk (spec §2 "Lazy-loaded chunks have a 120 s load time-out"; spec §8 the
// chunk load error naming the chunk): pages and their parts (lazyPage), router lazy routes (lazyRoute with
// ChunkRouteError as errorElement) and data bundles (loadChunk); a failed modulepreload or style chunk
// (Vite's vite:preloadError) through installPreloadErrorHandler.
export { ChunkLoadError, loadChunk, retryLoader, failedModuleUrl } from './chunk-loading.ts';
export { ChunkRouteError, lazyPage, lazyRoute, type Prepare } from './LazyPage.tsx';
export { chunkOfPreloadError, installPreloadErrorHandler, isStyleFailure, RELOAD_TRIED_KEY } from './preload-error.tsx';
