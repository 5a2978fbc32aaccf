import type { Market } from '../../../market/index.ts';
import { decimals, makePair, positive, times, type Pair } from '../pair.ts';

// Gate v4 GET /api/v4/spot/currency_pairs (docs "List all currency pairs supported"):
//   { id: "BTC_USDT", base: "BTC", quote: "USDT", min_base_amount, min_quote_amount, max_quote_amount,
//     amount_precision: 4, precision: 1, trade_status: "tradable" } — the precisions are counts of decimals.
// GET /api/v4/futures/usdt/contracts (docs "List all futures contracts"):
//   { name: "BTC_USDT", type: "direct", quanto_multiplier: "0.0001", order_price_round: "0.1", order_size_min: 1,
//     order_size_max: 1000000, status: "trading", in_delisting: false } — sizes are whole contracts of
//     quanto_multiplier base units.

interface RawPair {
  id?: unknown;
  base?: unknown;
  quote?: unknown;
  min_base_amount?: unknown;
  min_quote_amount?: unknown;
  max_quote_amount?: unknown;
  amount_precision?: unknown;
  precision?: unknown;
  trade_status?: unknown;
}

interface RawContract {
  name?: unknown;
  type?: unknown;
  quanto_multiplier?: unknown;
  order_price_round?: unknown;
  order_size_min?: unknown;
  order_size_max?: unknown;
  status?: unknown;
  in_delisting?: unknown;
}

const count = (v: unknown): string | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? String(v) : null);

function parseSpot(raw: RawPair): Pair | null {
  if (raw.trade_status !== 'tradable' || typeof raw.id !== 'string') return null;
  return makePair({
    market: 'spot',
    exchangeCode: 'gate',
    venueSymbol: raw.id,
    baseAsset: raw.base,
    quoteAsset: raw.quote,
    tickSize: decimals(raw.precision),
    stepSize: decimals(raw.amount_precision),
    limits: { minQty: positive(raw.min_base_amount), minNotional: positive(raw.min_quote_amount), maxNotional: positive(raw.max_quote_amount) },
  });
}

/** The app's usdm market is the USDT-settled perpetual; its sizes in base units: one contract is quanto_multiplier. */
function parseContract(raw: RawContract): Pair | null {
  if (raw.status !== 'trading' || raw.in_delisting === true || raw.type !== 'direct' || typeof raw.name !== 'string') return null;
  const [baseAsset, quoteAsset, ...rest] = raw.name.split('_');
  if (rest.length > 0 || quoteAsset !== 'USDT') return null;
  const multiplier = positive(raw.quanto_multiplier);
  return makePair({
    market: 'usdm',
    exchangeCode: 'gate',
    venueSymbol: raw.name,
    baseAsset,
    quoteAsset,
    tickSize: positive(raw.order_price_round),
    stepSize: multiplier,
    limits: { minQty: times(count(raw.order_size_min), multiplier), maxQty: times(count(raw.order_size_max), multiplier) },
  });
}

/** Parse Gate's currency pairs (`spot`) or USDT contracts (`usdm`); entries not trading, or lacking a size, give nothing. */
export function parseGatePairs(body: unknown, market: Market): Pair[] {
  if (!Array.isArray(body)) return [];
  const out: Pair[] = [];
  for (const raw of body as unknown[]) {
    if (raw === null || typeof raw !== 'object') continue;
    const pair = market === 'spot' ? parseSpot(raw as RawPair) : parseContract(raw as RawContract);
    if (pair) out.push(pair);
  }
  return out;
}
