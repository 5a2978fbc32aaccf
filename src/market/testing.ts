import { afterEach, beforeEach } from 'vitest';
import { unmountHost } from '../components/testing/host.ts';
import type { MarketBridge } from './bridge.ts';
import { setMarketBridge } from './hooks.ts';
import { subscriptionId } from './subscription-id.ts';

// Test helper for the browser tests of what reads the market stores: the tests write the stores themselves, as the
// bridge would, so the bridge they run with only hands out subscription ids (or counts them, a test's own).

/** A bridge that hands out the subscription ids and does nothing else. */
export const idleBridge: MarketBridge = {
  acquire: (sub) => ({ id: subscriptionId(sub), release: () => undefined }),
  reconnect: async () => undefined,
  refreshHealth: async () => null,
  dispose: async () => undefined,
};

/** A bridge that only counts each subscription's references in `held` (by id): the test writes the stores itself. */
export function countingBridge(held: Map<string, number>): MarketBridge {
  return {
    acquire(sub) {
      const id = subscriptionId(sub);
      held.set(id, (held.get(id) ?? 0) + 1);
      return { id, release: () => held.set(id, (held.get(id) ?? 1) - 1) };
    },
    reconnect: async () => undefined,
    refreshHealth: async () => null,
    dispose: async () => undefined,
  };
}

/** Each test of the file runs with `bridge`; after it, the host (components/testing/host.ts) goes and the bridge is cleared. */
export function withMarketBridge(bridge: MarketBridge = idleBridge): void {
  beforeEach(() => setMarketBridge(bridge));
  afterEach(() => {
    unmountHost();
    setMarketBridge(null);
  });
}
