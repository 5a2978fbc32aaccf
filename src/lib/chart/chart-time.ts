import { TickMarkType, type Time } from 'lightweight-charts';
import { formatDateTime } from '../format/index.ts';

// Chart times in the user's time zone and the glossary's format ("Numbers, dates, time zones": `YYYY-MM-DD
// HH:mm:ss`, the chart's crosshair and axis labels as everywhere else). lightweight-charts reads a UTCTimestamp as
// UTC and labels it so; these formatters label the same instant in the browser's zone, as src/lib/format does.

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant a chart time stands for (a UTCTimestamp in seconds, a business day, or a 'YYYY-MM-DD' string). */
function dateOf(time: Time): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') return new Date(`${time}T00:00:00`);
  return new Date(time.year, time.month - 1, time.day);
}

/** The crosshair's time label: the one date-time format of src/lib/format. */
export function chartTimeLabel(time: Time): string {
  return formatDateTime(dateOf(time));
}

/**
 * A time-axis label. lightweight-charts picks the mark's kind by UTC boundaries; the label is the local date or time
 * of the instant, and a time mark that falls on the user's midnight shows the day it starts.
 */
export function chartTickLabel(time: Time, kind: TickMarkType): string {
  const d = dateOf(time);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  switch (kind) {
    case TickMarkType.Year:
      return String(d.getFullYear());
    case TickMarkType.Month:
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
    case TickMarkType.DayOfMonth:
      return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    case TickMarkType.TimeWithSeconds:
      return `${hm}:${pad(d.getSeconds())}`;
    default:
      return hm === '00:00' ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : hm;
  }
}

/** The chart options that put every time label in the user's zone and the app's language. */
export function chartTimeOptions(locale: string) {
  return {
    localization: { locale, timeFormatter: chartTimeLabel },
    timeScale: { tickMarkFormatter: chartTickLabel },
  };
}
