// Entry of the trading feature: its page (a lazily loaded chunk), the picked price the trade form reads,
// the trade-form slot, and the stored trading preferences.
export { tradingPages } from './pages.ts';

export { pickedPriceStore, pickPrice, clearPickedPrice, type PickedPrice } from './picked-price.ts';
export { setTradeForm, type TradeFormProps } from './TradeFormSlot.tsx';
export { tradingPrefs, STORAGE_KEYS, CHART_PERIODS_MAX, KLINE_INTERVALS, type TradingPair } from './trading-prefs.ts';
