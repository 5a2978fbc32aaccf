import type { HealthSnapshot, MarketEndpoints, Subscription } from './contract.ts';
import type { MarketCore } from './market-core.ts';
import type { TabSink } from './publisher.ts';

export interface AttachOptions {
  endpoints: MarketEndpoints;
  visible: boolean;
}

export interface WorkerHost {
  createCore(endpoints: MarketEndpoints): MarketCore;
  /** Call `gone` once the tab is gone (the worker asks for the tab's Web Lock; it is granted then). */
  watchTab(tabId: string, gone: () => void): void;
}

/**
 * The control API the worker exposes to every tab over Comlink (one object for all ports: calls carry
 * the tab id). The hot data does not go through it: each tab hands over a MessagePort at attach and
 * gets one batched message per tick on it.
 */
export function createWorkerApi(host: WorkerHost) {
  let core: MarketCore | null = null;
  let endpointsKey = '';
  const tabs = new Map<string, { sink: TabSink; visible: boolean; subs: Map<string, Subscription> }>();

  function ensureCore(endpoints: MarketEndpoints): MarketCore {
    const key = JSON.stringify(endpoints);
    if (core !== null && key === endpointsKey) return core;
    // First tab, or a tab switched the market source (sandbox ↔ Binance): rebuild and re-subscribe all.
    core?.dispose();
    endpointsKey = key;
    const next = host.createCore(endpoints);
    next.start();
    for (const [tabId, tab] of tabs) {
      next.attachTab(tabId, tab.sink, tab.visible);
      for (const [id, sub] of tab.subs) next.subscribe(tabId, id, sub);
    }
    core = next;
    return next;
  }

  const api = {
    attach(tabId: string, port: TabSink, options: AttachOptions): void {
      const c = ensureCore(options.endpoints);
      tabs.set(tabId, { sink: port, visible: options.visible, subs: new Map() });
      c.attachTab(tabId, port, options.visible);
      host.watchTab(tabId, () => api.detach(tabId));
    },
    detach(tabId: string): void {
      if (!tabs.delete(tabId)) return;
      core?.detachTab(tabId);
    },
    subscribe(tabId: string, id: string, sub: Subscription): void {
      const tab = tabs.get(tabId);
      if (tab === undefined) return;
      tab.subs.set(id, sub);
      core?.subscribe(tabId, id, sub);
    },
    unsubscribe(tabId: string, id: string): void {
      tabs.get(tabId)?.subs.delete(id);
      core?.unsubscribe(tabId, id);
    },
    setVisible(tabId: string, visible: boolean): void {
      const tab = tabs.get(tabId);
      if (tab) tab.visible = visible;
      core?.setVisible(tabId, visible);
    },
    reconnect(): void {
      core?.reconnect();
    },
    health(): HealthSnapshot | null {
      return core?.health() ?? null;
    },
  };
  return api;
}

export type MarketCoreApi = ReturnType<typeof createWorkerApi>;
