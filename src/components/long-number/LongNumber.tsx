import { LONG_NUMBER_DECIMALS, PLACEHOLDER, displayNumber, formatLongNumber } from '../../lib/format/index.ts';
import './LongNumber.css';

/** spec §9: long-number display width. */
export const LONG_NUMBER_WIDTH = 120;

export interface LongNumberProps {
  value: unknown;
  /** Default 8 (spec §9). */
  decimals?: number;
  /** Default 120 px (spec §9); the text ellipsises beyond it. */
  width?: number | string;
  className?: string;
}

/**
 * spec §9: a number shown with at most 8 decimals (truncated, never rounded up) in a 120 px box; the
 * full value is in the title, shown on hover, so nothing is lost to the truncation or the ellipsis.
 */
export function LongNumber({ value, decimals = LONG_NUMBER_DECIMALS, width = LONG_NUMBER_WIDTH, className }: LongNumberProps) {
  const full = displayNumber(value);
  return (
    <span
      className={['td-long-number', className].filter(Boolean).join(' ')}
      style={{ maxWidth: width }}
      title={full === PLACEHOLDER ? undefined : full}
    >
      {formatLongNumber(value, decimals)}
    </span>
  );
}
