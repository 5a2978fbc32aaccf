import type { MarketEndpoints, VenueCode } from '../contract.ts';
import { BinanceAdapter } from './binance/binance.ts';
import { BitgetAdapter } from './bitget/bitget.ts';
import { BybitAdapter } from './bybit/bybit.ts';
import { OkxAdapter } from './okx/okx.ts';
import { GateAdapter } from './gate/gate.ts';
import type { FetchLike, VenueAdapter } from './venue.ts';

export type { VenueAdapter, SocketProtocol, StreamDepth, VenueEndpoint, VenueRest } from './venue.ts';

/** The adapters of the venues the endpoints configure (Binance always; OKX, Bybit, Bitget and Gate when `venues` names them). */
export function createAdapters(fetchFn: FetchLike, endpoints: MarketEndpoints): Partial<Record<VenueCode, VenueAdapter>> {
  const adapters: Partial<Record<VenueCode, VenueAdapter>> = { binance: new BinanceAdapter(fetchFn, endpoints) };
  if (endpoints.venues?.okx) adapters.okx = new OkxAdapter(fetchFn, endpoints.venues.okx);
  if (endpoints.venues?.bybit) adapters.bybit = new BybitAdapter(fetchFn, endpoints.venues.bybit);
  if (endpoints.venues?.bitget) adapters.bitget = new BitgetAdapter(fetchFn, endpoints.venues.bitget);
  if (endpoints.venues?.gate) adapters.gate = new GateAdapter(fetchFn, endpoints.venues.gate);
  return adapters;
}
