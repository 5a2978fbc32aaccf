import Decimal from 'decimal.js';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { session } from '../../lib/session/index.ts';
import { orderGuardOf } from '../../lib/session/order-guard.ts';
import { tickersStore } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import { checkFatFingerNow, FatFingerModal, type FatFingerBreach } from '../trading/shared.ts';
import { place, type ActionResult } from './lightning-actions.ts';

type OneClick = Parameters<typeof place>[2];

/** The one-click order the guard holds, with what sends it. */
export const lightningGuardStore = createStore<{ breach: FatFingerBreach | null; send: (() => void) | null }>(() => ({ breach: null, send: null }));

function breachOf(pair: Pair, order: OneClick): FatFingerBreach | null {
  const last = tickersStore.getState().tickers.usdm[pair.symbol]?.c;
  try {
    return checkFatFingerNow(
      { priceType: order.priceType, price: order.price ?? null, volume: order.volume },
      pair,
      last !== undefined && last > 0 ? new Decimal(String(last)) : order.referencePrice,
      orderGuardOf(session.getState().userInfo),
    );
  } catch {
    return null; // not a number: place() refuses it with the order rules' message
  }
}

/**
 * A one-click order (hotkey, action button, ladder click) behind the fat-finger guard (contract/rules.ts
 * `DEFAULT_ORDER_GUARD`): placed at once within the account's limits; beyond them it waits for the guard's second
 * confirmation, which asks even with one-click trading on. Cancelling it places nothing.
 */
export function placeGuarded(pair: Pair, keyId: string, order: OneClick, done: (result: ActionResult) => void): void {
  const go = () => void place(pair, keyId, order).then(done);
  const breach = breachOf(pair, order);
  if (!breach) go();
  else lightningGuardStore.setState({ breach, send: go });
}

const dismiss = () => lightningGuardStore.setState({ breach: null, send: null });

/** The guard's dialog on the terminal. */
export function LightningGuard({ pair }: { pair: Pair }) {
  const breach = useStore(lightningGuardStore, (s) => s.breach);
  return (
    <FatFingerModal
      breach={breach}
      rules={pair}
      sending={false}
      onClose={dismiss}
      onConfirm={() => {
        const { send } = lightningGuardStore.getState();
        dismiss();
        send?.();
      }}
    />
  );
}
