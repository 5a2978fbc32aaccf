/// <reference lib="webworker" />
// The worker entry: the same core runs in a SharedWorker (one for all tabs) or, where SharedWorker does
// not exist (Chrome on Android), in a dedicated Worker per tab.
import { expose } from 'comlink';
import { systemClock } from './clock.ts';
import { MarketCore } from './market-core.ts';
import type { SocketLike } from './connection.ts';
import { createWorkerApi } from './worker-api.ts';

const scope = globalThis as unknown as (SharedWorkerGlobalScope | DedicatedWorkerGlobalScope) & {
  onconnect?: unknown;
};

const api = createWorkerApi({
  createCore: (endpoints) =>
    new MarketCore({
      clock: systemClock,
      endpoints,
      // WebSocket has exactly the handler properties SocketLike names; only the event types are wider.
      socketFactory: (url) => new WebSocket(url) as unknown as SocketLike,
      fetch: (url) => fetch(url, { credentials: 'omit' }),
    }),
  watchTab(tabId, gone) {
    // The tab holds this lock for its whole life; our request is granted only once it is released,
    // i.e. when the tab closes, crashes or is discarded. No timers involved (they are throttled).
    const locks = (scope.navigator as WorkerNavigator & { locks?: LockManager }).locks;
    if (!locks) return;
    void locks.request(`market-tab:${tabId}`, () => gone());
  },
});

// The browser is back online: endpoints that are down (and failed REST loads) try again at once, skipping the back-off.
scope.addEventListener('online', () => api.reconnect());

if ('onconnect' in scope) {
  (scope as SharedWorkerGlobalScope).onconnect = (event: MessageEvent) => {
    const port = event.ports[0];
    if (port) expose(api, port);
  };
} else {
  expose(api, scope as DedicatedWorkerGlobalScope);
}
