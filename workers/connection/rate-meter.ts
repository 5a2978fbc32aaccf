/** Messages per second of a socket, for health: the count of the last whole second (0 when a second passed silent). */
export class RateMeter {
  private second = 0;
  private count = 0;
  private last = 0;

  /** A message arrived at `now`. */
  hit(now: number): void {
    this.roll(now);
    this.count++;
  }

  /** The last whole second's count, as of `now`. */
  perSecond(now: number): number {
    this.roll(now);
    return this.last;
  }

  private roll(now: number): void {
    const second = Math.floor(now / 1000);
    if (second === this.second) return;
    this.last = second === this.second + 1 ? this.count : 0;
    this.second = second;
    this.count = 0;
  }
}
