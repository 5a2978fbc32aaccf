/** Bitget v2 REST parameters and errors, checked as Bitget does, and its candle names. */
import type { FastifyReply } from 'fastify';
import type { Interval } from '../klines.ts';
import type { MarketKind } from '../instruments.ts';
import type { SymbolMarket } from '../market.ts';
import type { Simulator } from '../simulator.ts';
import { digitsParam, rangedInt, str, type Query } from '../rest-params.ts';

export { str, type Query };

/** A Bitget error answer: HTTP 400 with `{code, msg, requestTime, data: null}` (code 40034: parameter not exist). */
export class BitgetError extends Error {
  constructor(
    readonly code: string,
    msg: string,
    readonly status = 400,
  ) {
    super(msg);
  }
}

export function envelope(data: unknown, now: number): Record<string, unknown> {
  return { code: '00000', msg: 'success', requestTime: now, data };
}

export function sendError(reply: FastifyReply, e: BitgetError, now: number): FastifyReply {
  return reply.code(e.status).send({ code: e.code, msg: e.message, requestTime: now, data: null });
}

export function mandatory(q: Query, name: string): string {
  const v = str(q, name);
  if (v === undefined) throw new BitgetError('40019', `Parameter ${name} cannot be empty`);
  return v;
}

const paramError = (name: string): BitgetError => new BitgetError('40020', `Parameter ${name} error`);

/** A positive integer parameter in [1, max], `def` when absent. */
export const intParam = (q: Query, name: string, def: number, max: number): number => rangedInt(q, name, [1, max, def], 9, () => paramError(name));

export const timeParam = (q: Query, name: string): number | undefined => digitsParam(q, name, 15, () => paramError(name));

/** The futures product types Bitget has; only USDT-M perpetuals are listed here (the others list nothing). */
export const PRODUCT_TYPES = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES', 'SUSDT-FUTURES', 'SCOIN-FUTURES', 'SUSDC-FUTURES'];

/** `productType` (any case): true when it is USDT-FUTURES, false for another of Bitget's. */
export function usdtFutures(q: Query): boolean {
  const p = mandatory(q, 'productType').toUpperCase();
  if (!PRODUCT_TYPES.includes(p)) throw paramError('productType');
  return p === 'USDT-FUTURES';
}

/** `symbol`, listed on `kind` (40034 otherwise); its market goes live a minute. */
export function marketOf(sim: Simulator, kind: MarketKind, q: Query, listed = true): SymbolMarket {
  const s = mandatory(q, 'symbol');
  const m = listed && /^[A-Z0-9]{1,30}$/.test(s) && sim.instrument(kind, s) ? sim.touch(kind, s) : undefined;
  if (!m) throw new BitgetError('40034', 'Parameter symbol does not exist');
  return m;
}

/** Spot's REST granularities → the simulator's intervals (the UTC variants and the plain ones open on UTC here). */
export const SPOT_GRANULARITY: Record<string, Interval> = {
  '1min': '1m', '3min': '3m', '5min': '5m', '15min': '15m', '30min': '30m', '1h': '1h', '4h': '4h', '6h': '6h', '12h': '12h',
  '1day': '1d', '3day': '3d', '1week': '1w', '1M': '1M', '6Hutc': '6h', '12Hutc': '12h', '1Dutc': '1d', '3Dutc': '3d', '1Wutc': '1w', '1Mutc': '1M',
};

/** The futures' REST granularities, and the socket's candle bars (the same names, `candle<bar>`). */
export const CHANNEL_BARS: Record<string, Interval> = {
  '1m': '1m', '5m': '5m', '15m': '15m', '30m': '30m', '1H': '1h', '4H': '4h', '6H': '6h', '12H': '12h', '1D': '1d', '3D': '3d', '1W': '1w',
  '1M': '1M', '6Hutc': '6h', '12Hutc': '12h', '1Dutc': '1d', '3Dutc': '3d', '1Wutc': '1w', '1Mutc': '1M',
};
export const FUTURES_GRANULARITY: Record<string, Interval> = { ...CHANNEL_BARS, '3m': '3m', '2H': '2h' };
