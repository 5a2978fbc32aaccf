import Decimal from 'decimal.js';
import { toDecimal } from './numeric.ts';

function missing(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * spec §5: part as a whole percentage of total. Returns 0 if either operand is missing, floors the
 * result and caps it at 100. A non-numeric operand or a zero total also gives 0 (there is no share to show).
 */
export function percentage(part: unknown, total: unknown): number {
  if (missing(part) || missing(total)) return 0;
  const p = toDecimal(part);
  const t = toDecimal(total);
  if (p === null || t === null || t.isZero()) return 0;
  const result = p.div(t).times(100).toDecimalPlaces(0, Decimal.ROUND_FLOOR);
  return Math.min(100, result.toNumber()) || 0; // `|| 0` turns -0 into 0
}
