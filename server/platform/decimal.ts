import Decimal from 'decimal.js';
import { badInput } from './envelope.ts';

/**
 * Every amount of the trading sandbox is a decimal.js value (CONVENTIONS: never floats for money).
 * 40 significant digits hold any price × quantity of the listings with room to spare; the database keeps
 * 18 decimals (numeric(36, 18)).
 */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = Decimal;

export const ZERO = new D(0);

/** Stored amounts: 18 decimals, as the columns hold them. */
export function db(value: Decimal): string {
  return value.toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed();
}

/** Amounts on the wire: plain decimal strings, at most 8 decimals (spec §5 "long-number display: 8 decimals"). */
export function out(value: Decimal, decimals = 8): string {
  const fixed = value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  return fixed.isZero() ? '0' : fixed.toFixed();
}

/** A stored amount read as text (a numeric column `::text`) as it goes on the wire: `out` of its value. */
export function decimalText(text: string): string {
  return out(new D(text));
}

const plainNumber = /^(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * A positive amount from the request: a JSON number or a decimal string, no sign, no exponent, at most
 * `decimals` decimals (the pair's tick or step). Anything else is a 400 naming the field and the rule.
 */
export function parseAmount(field: string, value: unknown, decimals: number, ruleForDecimals: string): Decimal {
  if (typeof value !== 'string' && typeof value !== 'number') throw badInput(field, 'numeric', `${field} must be a number`);
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (text.startsWith('-')) throw badInput(field, 'positive', `${field} must be greater than zero`);
  if (!plainNumber.test(text)) throw badInput(field, 'numeric', `${field} must be a number`);
  const amount = new D(text);
  if (amount.lte(0)) throw badInput(field, 'positive', `${field} must be greater than zero`);
  if (amount.decimalPlaces() > decimals) {
    throw badInput(field, ruleForDecimals, `${field} has more than ${decimals} decimals`);
  }
  return amount;
}

/** 10^-decimals as a decimal (tick or step size). */
export function unit(decimals: number): Decimal {
  return new D(10).pow(-decimals);
}

export function min(a: Decimal, b: Decimal): Decimal {
  return a.lt(b) ? a : b;
}

export function max(a: Decimal, b: Decimal): Decimal {
  return a.gt(b) ? a : b;
}
