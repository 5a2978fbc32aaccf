import { createFuturesDataStore } from './futures-store.ts';
import { tradeApi } from './trade-api.ts';

/** The tab's futures data (one per page: the form, the tabs and the lightning terminal share it). */
export const futuresData = createFuturesDataStore(tradeApi);
