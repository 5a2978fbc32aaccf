// Entry of the trading feature for other features' pages (lightning, record): the futures data area and its
// tables and filters, the trading account, the trade API and the order rules. Kept apart from index.ts,
// which the app shell loads at start-up: this entry is only ever imported by lazily loaded page chunks, so
// none of it (styles included) reaches the first load.
import './futures-data/futures-data.css';

export { OrdersArea } from './futures-data/OrdersArea.tsx';
export { DealsTable, OrdersTable } from './futures-data/DataTables.tsx';
export { Filters } from './futures-data/Filters.tsx';
export { createFuturesDataStore, type Tab } from './futures-data/futures-store.ts';
export { futuresData } from './futures-data/instance.ts';
export { tradeApi, type FeeRow, type FillView, type OrderView } from './futures-data/trade-api.ts';
export { useTradingAccount } from './futures-data/use-trading-account.ts';
export { validateOrder, type FieldError } from './order-entry/validate.ts';
export { checkFatFingerNow, type FatFingerBreach } from './order-entry/fat-finger.ts';
export { FatFingerModal } from './order-entry/FatFingerModal.tsx';
export { usePaintedRows } from './painted-rows.ts';
export { COPY_MS, useContentBox } from './row-painter.ts';
export { writeText } from './TextColumn.tsx';
export { TransferModal } from './modals/TransferModal.tsx';
export type { AccountKind } from './modals/transfer-codes.ts';
