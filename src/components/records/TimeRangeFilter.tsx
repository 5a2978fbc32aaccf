import { Calendar } from 'primereact/calendar';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_DAYS, type RangeDays } from '../../../contract/broker-performance.ts';
import { MAX_RECORD_RANGE_DAYS } from '../../../contract/rules.ts';

const DAY_MS = 86_400_000;

export interface TimeRange {
  days?: RangeDays;
  startTime?: string;
  endTime?: string;
}

/**
 * primereact 10's calendar markup, corrected where axe (WCAG 2.1 AA) finds it wrong: the month and year buttons
 * and the day cells are named by what they show (their own labels, "Choose Month" or "2026-11-01", did not
 * contain their visible text), and a day's selected and disabled state sit on its cell (a gridcell may carry
 * them), not on the inner span, which has no role that allows them.
 */
const CALENDAR_A11Y = {
  monthTitle: { 'aria-label': undefined },
  yearTitle: { 'aria-label': undefined },
  day: { 'aria-label': undefined },
  dayLabel: (options: { context?: { selected?: boolean; disabled?: boolean } } | undefined) => ({
    'aria-selected': undefined,
    'aria-disabled': undefined,
    'aria-current': options?.context?.selected ? ('date' as const) : undefined,
  }),
} as const;

/** Midnight at the start of a calendar day in this browser's time zone. */
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** The days a custom range covers, first and last day included (calendar days, whatever the clock change). */
export function rangeOf(first: Date, last: Date): { startTime: string; endTime: string; days: number } {
  const start = startOfDay(first);
  const end = startOfDay(new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1));
  return { startTime: start.toISOString(), endTime: end.toISOString(), days: Math.round((end.getTime() - start.getTime()) / DAY_MS) };
}

/**
 * A records page's time filter: the spec §9 quick ranges (last 7 to 365 days) or a custom range of calendar
 * days chosen on primereact's Calendar (at most 366 days), sent as startTime/endTime. No upper bound on the
 * days offered: this device's date may differ from the provider's.
 */
export function TimeRangeFilter({ value, onChange }: { value: TimeRange; onChange: (range: TimeRange) => void }) {
  const { t } = useTranslation('record');
  const id = useId();
  const [custom, setCustom] = useState(value.startTime !== undefined);
  const [dates, setDates] = useState<(Date | null)[] | null>(null);
  const [tooLong, setTooLong] = useState(false);

  return (
    <>
      <label>
        {t('filters.days')}
        <select
          data-testid="filter-days"
          value={custom ? 'custom' : (value.days ?? '')}
          onChange={(e) => {
            if (e.target.value === 'custom') {
              setCustom(true);
              return;
            }
            setCustom(false);
            setDates(null);
            setTooLong(false);
            onChange({ days: Number(e.target.value) as NonNullable<TimeRange['days']> });
          }}
        >
          {RANGE_DAYS.map((d) => (
            <option key={d} value={d}>
              {t('filters.lastDays', { n: d })}
            </option>
          ))}
          <option value="custom">{t('filters.custom')}</option>
        </select>
      </label>
      {custom ? (
        <div className="td-record-range">
          <label htmlFor={id}>{t('filters.dateRange')}</label>
          <Calendar
            inputId={id}
            value={dates}
            selectionMode="range"
            readOnlyInput
            hideOnRangeSelection
            dateFormat="yy-mm-dd"
            placeholder={t('filters.rangeHint')}
            aria-describedby={tooLong ? `${id}-error` : undefined}
            data-testid="filter-range"
            pt={CALENDAR_A11Y}
            onChange={(e) => {
              const picked = (e.value ?? null) as (Date | null)[] | null;
              setDates(picked);
              const [first, last] = picked ?? [];
              if (!first || !last) return;
              const range = rangeOf(first, last);
              setTooLong(range.days > MAX_RECORD_RANGE_DAYS);
              if (range.days <= MAX_RECORD_RANGE_DAYS) onChange({ startTime: range.startTime, endTime: range.endTime });
            }}
          />
          {tooLong ? (
            <span className="td-field-error" id={`${id}-error`} role="alert" data-testid="error-range">
              {t('filters.rangeHint')}
            </span>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Replaces a filter object's time keys with a new range. */
export function withRange<F extends TimeRange>(filters: F, range: TimeRange): F {
  const { days: _days, startTime: _start, endTime: _end, ...rest } = filters;
  return { ...rest, ...range } as F;
}
