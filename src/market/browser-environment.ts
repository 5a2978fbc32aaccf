import { config } from '../lib/config/index.ts';
import type { BridgeEnvironment, WorkerLink } from './bridge.ts';
import { endpointsFor } from './endpoints.ts';

/** The worker itself: one SharedWorker for every tab of the origin, a dedicated Worker as the fallback. */
export function startMarketWorker(): WorkerLink {
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('../../workers/market-worker.ts', import.meta.url), {
      type: 'module',
      name: 'market-core',
    });
    worker.port.start();
    return { endpoint: worker.port, close: () => worker.port.close() };
  }
  const worker = new Worker(new URL('../../workers/market-worker.ts', import.meta.url), {
    type: 'module',
    name: 'market-core',
  });
  return { endpoint: worker, close: () => worker.terminate() };
}

export function browserEnvironment(): BridgeEnvironment {
  return {
    startWorker: startMarketWorker,
    endpoints: endpointsFor(config.marketSource, window.location),
    locks: navigator.locks,
    isVisible: () => document.visibilityState === 'visible',
    onVisibilityChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    onOnline(listener) {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
    newTabId: () => crypto.randomUUID(),
  };
}
