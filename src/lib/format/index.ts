// Public entry of the format helpers (spec §3, §5, §9). Import from here, not from the files.
export { isNumeric, toDecimal, isNegativeZero, parseAmount } from './numeric.ts';
export { decimalPlacesOf, pricePrecision, amountPrecision, PRECISION_STEPS, precisionStep } from './precision.ts';
export { percentage } from './percentage.ts';
export { isEmpty } from './empty.ts';
export { PLACEHOLDER, LONG_NUMBER_DECIMALS, displayNumber, formatAmount, formatLongNumber, formatQuantity, groupThousands, type DisplayOptions } from './display.ts';
export { DEFAULT_DECIMAL_PLACES, PERCENT_DECIMAL_PLACES, round, roundPercent, hasMoreThan8Decimals } from './rounding.ts';
export { formatDateTime, zoneLabel } from './datetime.ts';
export { assetDecimals, formatAssetAmount, formatPrice, formatFractionPercent, formatValuationPrice } from './trading.ts';
