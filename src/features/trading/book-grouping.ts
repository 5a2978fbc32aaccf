import Decimal from 'decimal.js';

/** Price grouping choices: multiples of the pair's tick size (spec §2 "Futures trading" order book, §9 order book). */
export const GROUP_MULTIPLES = [1, 10, 100, 1000] as const;

/** The grouped step as text ('0.01' × 10 → '0.1') and the digits prices show with it. */
export function groupStep(tickSize: string, multiple: number): { step: string; digits: number } {
  const step = new Decimal(tickSize).times(multiple);
  return { step: step.toFixed(), digits: step.decimalPlaces() };
}
