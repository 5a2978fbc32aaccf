import Decimal from 'decimal.js';

// Plain decimal or scientific notation only. decimal.js alone would also accept hex/binary/octal
// literals ('0x1f'), 'NaN' and 'Infinity', none of which is a quantity the platform shows or sends.
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number, or a string written as a plain or scientific decimal (surrounding blanks allowed). */
export function isNumeric(value: unknown): value is number | string {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return NUMERIC.test(value.trim());
  return false;
}

/** The value as an exact Decimal, or null when it is not numeric (see isNumeric). */
export function toDecimal(value: unknown): Decimal | null {
  if (value instanceof Decimal) return value.isFinite() ? value : null;
  if (!isNumeric(value)) return null;
  return new Decimal(typeof value === 'string' ? value.trim() : value);
}

/** True for -0 and for strings such as '-0' or '-0.000' (decimal.js drops the sign when printing). */
export function isNegativeZero(value: unknown): boolean {
  if (typeof value === 'number') return Object.is(value, -0);
  if (typeof value === 'string') {
    const d = toDecimal(value);
    return d !== null && d.isZero() && value.trim().startsWith('-');
  }
  if (value instanceof Decimal) return value.isZero() && value.isNegative();
  return false;
}

const TYPED_AMOUNT = /^\d+(\.\d+)?$/;

/**
 * An amount typed by a person into a form: thousands separators are allowed and dropped; null when it is not
 * a plain non-negative decimal (no sign, no exponent).
 */
export function parseAmount(text: string): Decimal | null {
  const plain = text.trim().replace(/,/g, '');
  return TYPED_AMOUNT.test(plain) ? new Decimal(plain) : null;
}
