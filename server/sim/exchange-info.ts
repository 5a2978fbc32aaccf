import { INSTRUMENTS, formatScaled, type Instrument } from './instruments.ts';

/** "0.01000000" style: spot filters print 8 decimals. */
function spot8(decimals: number, units = 1): string {
  return formatScaled(units, decimals, 8);
}

function plain(value: number, decimals: number): string {
  return formatScaled(Math.round(value * 10 ** decimals), decimals, decimals);
}

/**
 * The upper bounds of a listing's filters, one definition for exchangeInfo and for the trading sandbox's
 * checks (server/trade/markets.ts): PRICE_FILTER maxPrice, LOT_SIZE maxQty, MARKET_LOT_SIZE maxQty and,
 * for spot, NOTIONAL maxNotional (which, as on Binance, applies to limit orders only: applyMaxToMarket false).
 */
export interface FilterLimits {
  maxPrice: string;
  maxQty: string;
  marketMaxQty: string;
  maxNotional: string | null;
}

export function filterLimits(i: Instrument): FilterLimits {
  if (i.market === 'spot') {
    const maxPriceTicks = Math.round(i.price * 1000 * 10 ** i.tickDecimals);
    return { maxPrice: formatScaled(maxPriceTicks, i.tickDecimals, 8), maxQty: '9000000.00000000', marketMaxQty: '100000.00000000', maxNotional: '9000000.00000000' };
  }
  return {
    maxPrice: String(Math.round(i.price * 100)),
    maxQty: String(Math.round(10_000_000 / i.price)),
    marketMaxQty: String(Math.round(1_000_000 / i.price)),
    maxNotional: null,
  };
}

/** Spot symbol entry; filters in Binance's order, PRICE_FILTER first (spot rest-api.md, exchangeInfo). */
export function spotSymbol(i: Instrument): Record<string, unknown> {
  const limits = filterLimits(i);
  return {
    symbol: i.symbol,
    status: 'TRADING',
    baseAsset: i.base,
    baseAssetPrecision: 8,
    quoteAsset: i.quote,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: true,
    ocoAllowed: true,
    otoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    amendAllowed: true,
    pegInstructionsAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: true,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: spot8(i.tickDecimals), maxPrice: limits.maxPrice, tickSize: spot8(i.tickDecimals) },
      { filterType: 'LOT_SIZE', minQty: spot8(i.stepDecimals), maxQty: limits.maxQty, stepSize: spot8(i.stepDecimals) },
      { filterType: 'ICEBERG_PARTS', limit: 10 },
      { filterType: 'MARKET_LOT_SIZE', minQty: '0.00000000', maxQty: limits.marketMaxQty, stepSize: '0.00000000' },
      { filterType: 'TRAILING_DELTA', minTrailingAboveDelta: 10, maxTrailingAboveDelta: 2000, minTrailingBelowDelta: 10, maxTrailingBelowDelta: 2000 },
      { filterType: 'PERCENT_PRICE_BY_SIDE', bidMultiplierUp: '5', bidMultiplierDown: '0.2', askMultiplierUp: '5', askMultiplierDown: '0.2', avgPriceMins: 5 },
      { filterType: 'NOTIONAL', minNotional: plain(i.minNotional, 8), applyMinToMarket: true, maxNotional: limits.maxNotional, applyMaxToMarket: false, avgPriceMins: 5 },
      { filterType: 'MAX_NUM_ORDERS', maxNumOrders: 200 },
      { filterType: 'MAX_NUM_ORDER_LISTS', maxNumOrderLists: 20 },
      { filterType: 'MAX_NUM_ALGO_ORDERS', maxNumAlgoOrders: 5 },
      { filterType: 'MAX_NUM_ORDER_AMENDS', maxNumOrderAmends: 10 },
    ],
    permissions: [],
    permissionSets: [['SPOT', 'MARGIN']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH', 'DECREMENT'],
  };
}

export function spotExchangeInfo(now: number, symbols: readonly Instrument[]): Record<string, unknown> {
  return {
    timezone: 'UTC',
    serverTime: now,
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
      { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
    ],
    exchangeFilters: [],
    symbols: symbols.map(spotSymbol),
  };
}

/** USD-M perpetual entry; filters in Binance's order, PRICE_FILTER first. */
export function usdmSymbol(i: Instrument): Record<string, unknown> {
  const tick = formatScaled(1, i.tickDecimals, i.tickDecimals);
  const step = formatScaled(1, i.stepDecimals, i.stepDecimals);
  const limits = filterLimits(i);
  return {
    symbol: i.symbol,
    pair: i.symbol,
    contractType: 'PERPETUAL',
    deliveryDate: 4133404800000,
    onboardDate: 1569398400000,
    status: 'TRADING',
    maintMarginPercent: '2.5000',
    requiredMarginPercent: '5.0000',
    baseAsset: i.base,
    quoteAsset: i.quote,
    marginAsset: i.quote,
    pricePrecision: i.tickDecimals,
    quantityPrecision: i.stepDecimals,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    settlePlan: 0,
    triggerProtect: '0.0500',
    liquidationFee: '0.012500',
    marketTakeBound: '0.05',
    maxMoveOrderLimit: 10000,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: limits.maxPrice, tickSize: tick },
      { filterType: 'LOT_SIZE', stepSize: step, maxQty: limits.maxQty, minQty: step },
      { filterType: 'MARKET_LOT_SIZE', stepSize: step, maxQty: limits.marketMaxQty, minQty: step },
      { filterType: 'MAX_NUM_ORDERS', limit: 200 },
      { filterType: 'MAX_NUM_ALGO_ORDERS', limit: 10 },
      { filterType: 'MIN_NOTIONAL', notional: String(i.minNotional) },
      { filterType: 'PERCENT_PRICE', multiplierUp: '1.0500', multiplierDown: '0.9500', multiplierDecimal: '4' },
    ],
    orderTypes: ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'],
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'],
    permissionSets: ['GRID', 'COPY'],
  };
}

export function usdmExchangeInfo(now: number): Record<string, unknown> {
  return {
    timezone: 'UTC',
    serverTime: now,
    futuresType: 'U_MARGINED',
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 2400 },
      { rateLimitType: 'ORDERS', interval: 'MINUTE', intervalNum: 1, limit: 1200 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 300 },
    ],
    exchangeFilters: [],
    assets: [
      { asset: 'USDT', marginAvailable: true, autoAssetExchange: '-10000' },
      { asset: 'BTC', marginAvailable: true, autoAssetExchange: '-0.10000000' },
      { asset: 'BNB', marginAvailable: true, autoAssetExchange: '-10' },
    ],
    symbols: INSTRUMENTS.usdm.map(usdmSymbol),
  };
}
