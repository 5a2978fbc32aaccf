// The CI gate of `npm run bench:ci` (bench/run.ts): a ratio fails the run only when it falls below 80 % of
// its target, so noise on a shared machine does not fail it and a real regression does.

/** Share of a target below which a ratio fails the run. */
export const GATE_SHARE = 0.8;

export interface Gate {
  value: number;
  target: number;
  /** GATE_SHARE × target: below it the run fails. */
  floor: number;
  met: boolean;
  failed: boolean;
}

/** A ratio where higher is better (ours against a peer) and its target. */
export function gate(value: number, target: number): Gate {
  const floor = target * GATE_SHARE;
  return { value, target, floor, met: value >= target, failed: !(value >= floor) };
}
