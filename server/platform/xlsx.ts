import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** The streaming xlsx exports' shared parts (spec §7 "Downloads"): time and amount cells, and a warm start. */

/** `YYYY-MM-DD HH:mm:ss` in `timeZone` (the glossary's one format), and the zone's offset as `UTC+8`. */
export function zonedFormatter(timeZone: string): { time: (d: Date) => string; offset: (d: Date) => string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
  return {
    time: (d) => {
      const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p['year']}-${p['month']}-${p['day']} ${p['hour']}:${p['minute']}:${p['second']}`;
    },
    offset: (d) => {
      const name = (zone.formatToParts(d).find((x) => x.type === 'timeZoneName')?.value ?? 'GMT').replace('GMT', 'UTC');
      return name === 'UTC+0' ? 'UTC' : name;
    },
  };
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A decimal amount as a numeric cell when a double holds it exactly (≤ 15 significant digits), else as text. */
export function amountCell(text: string): number | string {
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return digits.length <= 15 ? Number(text) : text;
}

/** Writes a one-row workbook to nowhere and formats a time in a zone, so the first real export starts warm. */
export async function warmUpExport(): Promise<void> {
  const sink = new PassThrough();
  sink.resume();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('warm-up');
  sheet.addRow(['warm-up', 1]).commit();
  sheet.commit();
  await workbook.commit();
  const zoned = zonedFormatter('Asia/Hong_Kong');
  zoned.time(new Date());
  zoned.offset(new Date());
}
