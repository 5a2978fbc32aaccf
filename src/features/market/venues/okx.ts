import type { Market } from '../../../market/index.ts';
import { makePair, positive, times, type Pair } from '../pair.ts';

// OKX v5 GET /api/v5/public/instruments?instType=SPOT|SWAP (docs: "Get instruments"). Every field is a string;
// an empty string means "not applicable" (baseCcy and quoteCcy are empty on swaps, ctVal on spot).
//   SPOT: { instType, instId: "BTC-USDT", baseCcy: "BTC", quoteCcy: "USDT", tickSz, lotSz, minSz, maxLmtSz, maxMktSz, state }
//   SWAP: { instType, instId: "BTC-USDT-SWAP", uly / instFamily: "BTC-USDT", settleCcy: "USDT", ctType: "linear",
//           ctVal: "0.01", ctValCcy: "BTC", tickSz, lotSz, minSz, maxLmtSz, maxMktSz, state } — sizes in contracts.

interface RawInstrument {
  instType?: unknown;
  instId?: unknown;
  baseCcy?: unknown;
  quoteCcy?: unknown;
  uly?: unknown;
  instFamily?: unknown;
  settleCcy?: unknown;
  ctType?: unknown;
  ctVal?: unknown;
  ctValCcy?: unknown;
  tickSz?: unknown;
  lotSz?: unknown;
  minSz?: unknown;
  maxLmtSz?: unknown;
  maxMktSz?: unknown;
  state?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A swap's base and quote: its family (BTC-USDT), else the contract's currency and settlement, else baseCcy/quoteCcy. */
function swapAssets(raw: RawInstrument): [string, string] {
  const family = text(raw.instFamily) || text(raw.uly);
  const parts = family.split('-');
  if (parts.length === 2 && parts[0] && parts[1]) return [parts[0], parts[1]];
  return [text(raw.ctValCcy) || text(raw.baseCcy), text(raw.settleCcy) || text(raw.quoteCcy)];
}

function parseOne(raw: RawInstrument, market: Market): Pair | null {
  if (raw.state !== 'live') return null;
  const instId = text(raw.instId);
  const tickSize = positive(raw.tickSz);
  if (market === 'spot') {
    if (raw.instType !== undefined && raw.instType !== 'SPOT') return null;
    return makePair({
      market,
      exchangeCode: 'okx',
      venueSymbol: instId,
      baseAsset: raw.baseCcy,
      quoteAsset: raw.quoteCcy,
      tickSize,
      stepSize: positive(raw.lotSz),
      limits: { minQty: positive(raw.minSz), maxQty: positive(raw.maxLmtSz), marketMaxQty: positive(raw.maxMktSz) },
    });
  }
  // The app's usdm market is the USDT-margined perpetual: linear swaps settled in USDT.
  if (raw.instType !== 'SWAP' || raw.ctType !== 'linear' || raw.settleCcy !== 'USDT') return null;
  const [baseAsset, quoteAsset] = swapAssets(raw);
  if (quoteAsset !== 'USDT') return null;
  // Sizes are in contracts; the app speaks base units: one contract is ctVal base units (ctValCcy is the base).
  if (text(raw.ctValCcy) !== '' && raw.ctValCcy !== baseAsset) return null;
  const ctVal = positive(raw.ctVal);
  if (ctVal === null) return null;
  const inBase = (contracts: unknown) => times(positive(contracts), ctVal);
  return makePair({
    market,
    exchangeCode: 'okx',
    venueSymbol: instId,
    baseAsset,
    quoteAsset,
    tickSize,
    stepSize: inBase(raw.lotSz),
    limits: { minQty: inBase(raw.minSz), maxQty: inBase(raw.maxLmtSz), marketMaxQty: inBase(raw.maxMktSz) },
  });
}

/** Parse an instruments reply (SPOT for `spot`, SWAP for `usdm`); a reply with a non-zero code, or entries that are not live or lack a size, give nothing. */
export function parseOkxInstruments(body: unknown, market: Market): Pair[] {
  if (body === null || typeof body !== 'object') return [];
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (code !== undefined && code !== '0' && code !== 0) return [];
  if (!Array.isArray(data)) return [];
  const out: Pair[] = [];
  for (const raw of data as unknown[]) {
    if (raw === null || typeof raw !== 'object') continue;
    const pair = parseOne(raw as RawInstrument, market);
    if (pair) out.push(pair);
  }
  return out;
}
