import { displayNumber, formatAmount, formatQuantity, groupThousands } from '../../lib/format/index.ts';

/** An amount as the provider gave it (already at its asset's decimals), with thousands separators. */
export const amountText = (value: string): string => formatQuantity(value);

/**
 * A convert price: the provider sends ten significant digits, all shown (an inverse price such as
 * 0.00001051234 would lose its meaning cut to 8 decimals), with thousands separators.
 */
export const priceText = (value: string): string => groupThousands(displayNumber(value));

/** A USD figure of the daily limit: cents, always two decimals. */
export const usdText = (value: string): string => formatAmount(value, 2);
