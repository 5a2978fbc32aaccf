/**
 * Binance's REST accounting ("LIMITS" in Binance's REST documentation): each request weighs what its endpoint
 * and parameters weigh, summed per IP over fixed windows (a minute window starts on the minute, on the
 * simulator's clock); beyond the limit HTTP 429 with Retry-After, and an IP that keeps sending after its 429s
 * is banned with HTTP 418 (2 minutes, doubling for repeat offenders, at most 3 days).
 */
import { str, type Query } from './rest-params.ts';
import type { Scheduler } from './scheduler.ts';

export interface WeightLimits {
  /** Spot REQUEST_WEIGHT per minute (Binance: 6000). */
  spot: number;
  /** USD-M REQUEST_WEIGHT per minute (Binance: 2400). */
  usdm: number;
  /** USD-M fundingRate and fundingInfo, which weigh nothing but share their own 500 per 5 minutes. */
  funding: number;
  /** Requests a client may still send after a 429 in the same window before its IP is banned. */
  banAfter: number;
}

export const BINANCE_WEIGHT_LIMITS: WeightLimits = { spot: 6000, usdm: 2400, funding: 500, banAfter: 5 };

const MINUTE = 60_000;
const FIRST_BAN = 2 * MINUTE;
const LONGEST_BAN = 3 * 86_400_000;

export interface Verdict {
  status: 200 | 429 | 418;
  /** Weight used in the current window, this request included when accepted. */
  used: number;
  /** Seconds to wait: to the next window (429) or to the ban's end (418). */
  retryAfter: number;
  bannedUntil: number;
}

interface Ban {
  until: number;
  count: number;
}

/** Weight used per IP in fixed windows of `windowMs`, with 429s and bans. */
export class WeightMeter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly used = new Map<string, number>();
  private readonly strikes = new Map<string, number>();
  private readonly bans = new Map<string, Ban>();
  /** Requests answered 429 / 418 so far, and the most weight any IP used in one window. */
  rejected = 0;
  banned = 0;
  peak = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly scheduler: Scheduler,
    private readonly banAfter: number,
  ) {}

  private roll(now: number): void {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    if (start === this.windowStart) return;
    this.windowStart = start;
    this.used.clear();
    this.strikes.clear();
  }

  usedBy(ip: string): number {
    this.roll(this.scheduler.now());
    return this.used.get(ip) ?? 0;
  }

  charge(ip: string, weight: number): Verdict {
    const now = this.scheduler.now();
    this.roll(now);
    const used = this.used.get(ip) ?? 0;
    const ban = this.bans.get(ip);
    if (ban && ban.until > now) {
      this.banned++;
      return { status: 418, used, retryAfter: Math.ceil((ban.until - now) / 1000), bannedUntil: ban.until };
    }
    if (used + weight <= this.limit) {
      this.used.set(ip, used + weight);
      if (used + weight > this.peak) this.peak = used + weight;
      return { status: 200, used: used + weight, retryAfter: 0, bannedUntil: 0 };
    }
    const strikes = (this.strikes.get(ip) ?? 0) + 1;
    this.strikes.set(ip, strikes);
    if (strikes > this.banAfter + 1) {
      const count = (ban?.count ?? 0) + 1;
      const until = now + Math.min(LONGEST_BAN, FIRST_BAN * 2 ** (count - 1));
      this.bans.set(ip, { until, count });
      this.banned++;
      return { status: 418, used, retryAfter: Math.ceil((until - now) / 1000), bannedUntil: until };
    }
    this.rejected++;
    return { status: 429, used, retryAfter: Math.ceil((this.windowStart + this.windowMs - now) / 1000), bannedUntil: 0 };
  }

  /** What the control plane shows. */
  describe(): { limit: number; windowMs: number; peak: number; rejected: number; banned: number } {
    return { limit: this.limit, windowMs: this.windowMs, peak: this.peak, rejected: this.rejected, banned: this.banned };
  }
}

/** A request's weight: a constant, or from its parameters. */
export type Weight = number | ((q: Query) => number);

/** `limit` as sent, or `def` (the weight tables use it before the endpoint checks it). */
function limitParam(q: Query, def: number): number {
  const v = str(q, 'limit');
  const n = v === undefined ? def : Number(v);
  return Number.isInteger(n) && n > 0 ? n : def;
}

/** Number of names in `symbols=[...]`, 0 without it. */
function symbolCount(q: Query): number {
  const v = str(q, 'symbols');
  if (v === undefined) return 0;
  try {
    const list: unknown = JSON.parse(v);
    return Array.isArray(list) ? list.length : 1;
  } catch {
    return 1;
  }
}

const hasSymbol = (q: Query): boolean => str(q, 'symbol') !== undefined;

/** Weights as Binance documents them, per endpoint and parameters. */
export const WEIGHTS = {
  spot: {
    depth: (q: Query): number => {
      const l = limitParam(q, 100);
      return l <= 100 ? 5 : l <= 500 ? 25 : l <= 1000 ? 50 : 250;
    },
    ticker24hr: (q: Query): number => {
      if (hasSymbol(q)) return 2;
      const n = symbolCount(q);
      return n === 0 ? 80 : n <= 20 ? 2 : n <= 100 ? 40 : 80;
    },
    oneOrAll: (q: Query): number => (hasSymbol(q) ? 2 : 4),
    /** Rolling-window ticker: 4 per symbol, 200 beyond 50 symbols. */
    rolling: (q: Query): number => {
      const n = hasSymbol(q) ? 1 : symbolCount(q);
      return n > 50 ? 200 : 4 * Math.max(1, n);
    },
  },
  usdm: {
    depth: (q: Query): number => {
      const l = limitParam(q, 500);
      return l < 100 ? 2 : l < 500 ? 5 : l < 1000 ? 10 : 20;
    },
    /** klines, continuousKlines, markPriceKlines, indexPriceKlines, premiumIndexKlines. */
    klines: (q: Query): number => {
      const l = limitParam(q, 500);
      return l < 100 ? 1 : l < 500 ? 2 : l <= 1000 ? 5 : 10;
    },
    ticker24hr: (q: Query): number => (hasSymbol(q) ? 1 : 40),
    price: (q: Query): number => (hasSymbol(q) ? 1 : 2),
    bookTicker: (q: Query): number => (hasSymbol(q) ? 2 : 5),
    premiumIndex: (q: Query): number => (hasSymbol(q) ? 1 : 10),
  },
} as const;
