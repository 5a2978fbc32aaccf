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

/** Each test of the file runs with `bridge`; after it, the host (components/testing/host.ts) goes and the bridge is cleared. */
export function withMarketBridge(bridge: MarketBridge = idleBridge): void {
  beforeEach(() => setMarketBridge(bridge));
  afterEach(() => {
    unmountHost();
    setMarketBridge(null);
  });
}
