/**
 * The time to the next funding settlement, as the ticker bar shows it (hh:mm:ss). The exchange's own clock
 * decides: `serverNow` is the browser's now moved by the offset of the last mark event's time (markPrice@1s),
 * so a browser clock that is off, or the sandbox's dev clock, does not skew the countdown.
 */
export function fundingCountdown(nextFundingTime: number, serverNow: number): string {
  const left = Math.max(0, Math.floor((nextFundingTime - serverNow) / 1000));
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The exchange's clock from the browser's: `markTime` was the event time of a mark received at `receivedAt`. */
export function exchangeNow(markTime: number, receivedAt: number, now: number): number {
  return markTime + (now - receivedAt);
}
