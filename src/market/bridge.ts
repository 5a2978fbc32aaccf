// The one module that owns the market worker's life (../shared/CONVENTIONS.md "The worker boundary"):
// start, attach, visibility, tab lock, subscriptions, teardown. Components never import Comlink; they
// use the hooks (hooks.ts), which use this.
import * as Comlink from 'comlink';
import type { HealthSnapshot, MarketEndpoints, Subscription } from '../../workers/contract.ts';
import type { MarketCoreApi } from '../../workers/worker-api.ts';
import { applyBatch, dropSubscription, healthStore } from './stores.ts';
import { subscriptionId } from './subscription-id.ts';

export interface WorkerLink {
  endpoint: Comlink.Endpoint;
  close(): void;
}

export interface BridgeEnvironment {
  /** Start the worker (SharedWorker, or a dedicated Worker where SharedWorker does not exist). */
  startWorker(): WorkerLink;
  endpoints: MarketEndpoints;
  locks?: LockManager | undefined;
  isVisible(): boolean;
  /** Register a listener for visibility changes; returns the unregister function. */
  onVisibilityChange(listener: () => void): () => void;
  /** Register a listener for the browser coming back online. */
  onOnline(listener: () => void): () => void;
  newTabId(): string;
}

export interface MarketBridge {
  /** Take a reference on a subscription; returns its id and the release function. */
  acquire(sub: Subscription): { id: string; release(): void };
  /** Ask the worker to retry at once what is down (endpoints, failed REST loads), skipping the back-off. */
  reconnect(): Promise<void>;
  /** Fetch the worker's health figures into healthStore. */
  refreshHealth(): Promise<HealthSnapshot | null>;
  /** Detach this tab and stop using the worker (tests; the page's end is detected by the tab lock). */
  dispose(): Promise<void>;
}

export function createMarketBridge(env: BridgeEnvironment): MarketBridge {
  const refs = new Map<string, { sub: Subscription; count: number }>();
  const tabId = env.newTabId();
  let api: Comlink.Remote<MarketCoreApi> | null = null;
  let link: WorkerLink | null = null;
  let started: Promise<void> | null = null;
  let releaseLock: (() => void) | null = null;
  const cleanups: (() => void)[] = [];

  async function holdTabLock(): Promise<void> {
    const locks = env.locks;
    if (!locks) return;
    // Held for the whole life of the tab; the worker's request for the same name is granted when the
    // tab closes, crashes or is discarded, and it then releases everything this tab held.
    await new Promise<void>((granted) => {
      void locks.request(`market-tab:${tabId}`, () => {
        granted();
        return new Promise<void>((release) => {
          releaseLock = release;
        });
      });
    });
  }

  function start(): Promise<void> {
    started ??= (async () => {
      // The worker's script loads while the lock is granted; it is attached only once the lock is held (the
      // worker's request for it must wait for the tab's end).
      const locked = holdTabLock();
      link = env.startWorker();
      const remote = Comlink.wrap<MarketCoreApi>(link.endpoint);
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent) => applyBatch(event.data);
      cleanups.push(() => channel.port1.close());
      await locked;
      // Calls on the port arrive in order: the subscriptions go out with the attach, not one round trip each after it.
      const attached = remote.attach(tabId, Comlink.transfer(channel.port2, [channel.port2]), {
        endpoints: env.endpoints,
        visible: env.isVisible(),
      });
      api = remote;
      const subscribed = [...refs].map(([id, { sub }]) => remote.subscribe(tabId, id, sub));
      await Promise.all([attached, ...subscribed]);
      cleanups.push(env.onVisibilityChange(() => void api?.setVisible(tabId, env.isVisible())));
      cleanups.push(env.onOnline(() => void api?.reconnect()));
    })();
    return started;
  }

  return {
    acquire(sub) {
      const id = subscriptionId(sub);
      const entry = refs.get(id);
      if (entry) entry.count++;
      else {
        refs.set(id, { sub, count: 1 });
        if (api !== null) void api.subscribe(tabId, id, sub);
        else void start();
      }
      let released = false;
      return {
        id,
        release() {
          if (released) return;
          released = true;
          const e = refs.get(id);
          if (e === undefined || --e.count > 0) return;
          refs.delete(id);
          void api?.unsubscribe(tabId, id);
          dropSubscription(id);
        },
      };
    },
    async reconnect() {
      await start();
      await api?.reconnect();
    },
    async refreshHealth() {
      await start();
      const health = (await api?.health()) ?? null;
      healthStore.setState({ health });
      return health;
    },
    async dispose() {
      if (started) await started.catch(() => {});
      await api?.detach(tabId);
      for (const c of cleanups.splice(0)) c();
      api?.[Comlink.releaseProxy]();
      link?.close();
      releaseLock?.();
      api = null;
      link = null;
      started = null;
      refs.clear();
    },
  };
}
