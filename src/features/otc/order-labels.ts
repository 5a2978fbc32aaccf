import type { OtcOrder } from './api.ts';

type Status = OtcOrder['status'];

/**
 * What an order's two amounts are called in its state (spec §4 OTC states): open or waiting for settlement, the
 * paid side is held; settled, it was paid and the other side received; cancelled, rejected or expired, nothing was
 * paid (the hold was released) and nothing received. A cancelled order never reads "paid".
 */
export function orderAmountLabels(status: Status): { from: 'order.holds' | 'order.pays' | 'order.released'; to: 'order.receivesAtLimit' | 'order.receives' | 'order.received' | 'order.notReceived' } {
  switch (status) {
    case 'open':
      return { from: 'order.holds', to: 'order.receivesAtLimit' };
    case 'pendingSettlement':
      return { from: 'order.holds', to: 'order.receives' };
    case 'settled':
      return { from: 'order.pays', to: 'order.received' };
    case 'cancelled':
    case 'rejected':
    case 'expired':
      return { from: 'order.released', to: 'order.notReceived' };
  }
}
