import type { OrderView } from './futures-data/trade-api.ts';

/** What one open order draws on the chart (spec §2 "Futures trading"): a limit's price, a stop's trigger, a TP/SL trigger. */
export interface ChartLine {
  id: string;
  price: number;
  kind: 'buy' | 'sell' | 'takeProfit' | 'stopLoss' | 'stop';
}

/** The price lines of the pair's open orders: TP/SL and untriggered stops at their trigger, the rest at their limit price. */
export function chartLines(orders: readonly OrderView[]): ChartLine[] {
  const lines: ChartLine[] = [];
  for (const o of orders) {
    const waiting = o.stopPrice && !o.triggeredAt;
    if (waiting && o.tpsl) lines.push({ id: o.orderId, price: Number(o.stopPrice), kind: o.tpsl === 'take_profit' ? 'takeProfit' : 'stopLoss' });
    else if (waiting) lines.push({ id: o.orderId, price: Number(o.stopPrice), kind: 'stop' });
    else if (o.price !== null) lines.push({ id: o.orderId, price: Number(o.price), kind: o.direction });
  }
  return lines.filter((l) => Number.isFinite(l.price) && l.price > 0);
}
