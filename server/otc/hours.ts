import { OTC_TERMS } from '../../contract/otc.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const isTradingDay = (at: Date) => (OTC_TERMS.days as readonly number[]).includes(at.getUTCDay());
const midnight = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/**
 * spec §9 "Mon-Fri 00:00-17:00 UTC": whether the OTC desk is open at `now`, when the current or next session
 * opens (the current one's start while open) and when it closes.
 */
export function deskHours(now: Date): { open: boolean; nextOpenAt: Date; nextCloseAt: Date } {
  const today = midnight(now);
  const openToday = today + OTC_TERMS.openUtcHour * HOUR;
  const closeToday = today + OTC_TERMS.closeUtcHour * HOUR;
  if (isTradingDay(now) && now.getTime() >= openToday && now.getTime() < closeToday) {
    return { open: true, nextOpenAt: new Date(openToday), nextCloseAt: new Date(closeToday) };
  }
  // The first trading day whose session starts after now.
  let day = now.getTime() < openToday && isTradingDay(now) ? today : today + DAY;
  while (!isTradingDay(new Date(day))) day += DAY;
  return { open: false, nextOpenAt: new Date(day + OTC_TERMS.openUtcHour * HOUR), nextCloseAt: new Date(day + OTC_TERMS.closeUtcHour * HOUR) };
}

/** spec §9 "settlement T+1": the next weekday, at the same time of day. */
export function settlementTime(acceptedAt: Date): Date {
  let at = acceptedAt.getTime() + OTC_TERMS.settlementDays * DAY;
  while (!isTradingDay(new Date(at))) at += DAY;
  return new Date(at);
}
