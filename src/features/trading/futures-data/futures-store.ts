import Decimal from 'decimal.js';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../contract/rules.ts';
import type {
  AssetRow,
  CapitalSnapshot,
  CursorCondition,
  FillView,
  OrderFilter,
  OrderView,
  PageSize,
  PositionHistoryRow,
  PositionView,
  TradeApi,
  TradeMarket,
  TransferCode,
  TransferRow,
} from './trade-api.ts';

/** spec §3 futures data tabs, and the position history (one row per position from open to close). */
export const TABS = ['positionOrder', 'currentOrder', 'historyOrder', 'historyDeal', 'positionHistory', 'assetManager'] as const;
export type Tab = (typeof TABS)[number];

/** spec §4 / §9: futures lists poll every 5000 ms; margin data every 3 s. spec §9 page sizes. */
export const LIST_POLL_MS = 5000;
export const CAPITAL_POLL_MS = 3000;
export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

/** spec §3 filters. fundingType picks the account of the asset manager (default swap). */
export interface Filters {
  symbol: string;
  direction: '' | 'buy' | 'sell';
  status: string;
  priceType: '' | 'limit' | 'market' | 'stop_limit' | 'stop_market';
  showCurrentPosition: boolean;
  showCurrentAsset: boolean;
  fundingType: 'swap' | 'capital' | 'trade';
  /** a spec §4 direction code, or '' for every flow */
  flowType: '' | TransferCode;
}

export const DEFAULT_FILTERS: Filters = {
  symbol: '',
  direction: '',
  status: '',
  priceType: '',
  showCurrentPosition: false,
  showCurrentAsset: false,
  fundingType: 'swap',
  flowType: '',
};

type Row = PositionView | OrderView | FillView | AssetRow | PositionHistoryRow;

/** spec §3 "Per tab: list, pageSize, pageNum, cursors, total". cursors[i] is the cursor that loads page i + 1. */
export interface TabData {
  list: Row[];
  pageSize: PageSize;
  pageNum: number;
  cursors: (string | null)[];
  /** rows known so far: those of the pages before plus this one */
  total: number;
  hasMore: boolean;
  loaded: boolean;
}

export interface FuturesDataState {
  market: TradeMarket;
  keyId: string | null;
  instrumentId: string | null;
  isLogin: boolean;
  /** polling runs (spec §4: while logged in with a key and an instrument) */
  polling: boolean;
  tab: Tab;
  filters: Filters;
  tabs: Record<Tab, TabData>;
  capital: CapitalSnapshot | null;
  /**
   * Every open position from the latest position query (the positions tab and the capital tick both load it).
   * The one source of the unrealised PnL: the rows and the summary's total read it, so they share a mark price.
   */
  positions: PositionView[] | null;
  /** asset manager: the latest transfers, filtered by flow type */
  flows: TransferRow[];
}

export interface Timers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const realTimers: Timers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export type FuturesApi = Pick<TradeApi, 'positions' | 'openOrders' | 'pageOrders' | 'pageDeals' | 'assets' | 'capital'> &
  Partial<Pick<TradeApi, 'balances' | 'transfers' | 'positionHistory'>>;

function emptyTab(pageSize: PageSize = DEFAULT_PAGE_SIZE): TabData {
  return { list: [], pageSize, pageNum: 1, cursors: [null], total: 0, hasMore: false, loaded: false };
}

function emptyTabs(prev?: Record<Tab, TabData>): Record<Tab, TabData> {
  return Object.fromEntries(TABS.map((t) => [t, emptyTab(prev?.[t].pageSize)])) as Record<Tab, TabData>;
}

/** The positions tab's rows: every position, or the filter's pair (spec §3 showCurrentPosition: the page's pair). */
export function positionRows(s: Pick<FuturesDataState, 'filters' | 'instrumentId'>, all: readonly PositionView[]): PositionView[] {
  const symbol = (s.filters.showCurrentPosition ? s.instrumentId : s.filters.symbol)?.replace('/', '');
  return symbol ? all.filter((p) => p.instrumentId === symbol) : [...all];
}

/**
 * The summary's unrealised PnL: the sum of the positions' rows (the same reply, the same mark price), or the
 * capital snapshot's figure until positions are loaded.
 */
export function summaryPnl(s: Pick<FuturesDataState, 'capital' | 'positions'>): string | null {
  if (s.positions) return s.positions.reduce((sum, p) => sum.add(p.unrealizedProfitLoss), new Decimal(0)).toFixed();
  return s.capital?.unrealizedProfitLoss ?? null;
}

export type FuturesDataStore = ReturnType<typeof createFuturesDataStore>;

/**
 * The futures data tabs' state and polling (spec §3, §4). Timers are injected so tests run on fake time.
 * A reply that arrives after the context changed (logout, other pair, other filter) is dropped.
 */
export function createFuturesDataStore(api: FuturesApi, timers: Timers = realTimers, options: { requireInstrument?: boolean } = {}) {
  const requireInstrument = options.requireInstrument ?? true;
  const store: StoreApi<FuturesDataState> = createStore<FuturesDataState>(() => ({
    market: 'usdm',
    keyId: null,
    instrumentId: null,
    isLogin: false,
    polling: false,
    tab: 'positionOrder',
    filters: DEFAULT_FILTERS,
    tabs: emptyTabs(),
    capital: null,
    positions: null,
    flows: [],
  }));
  let listTimer: unknown = null;
  let capitalTimer: unknown = null;
  let generation = 0;
  const inFlight = new Set<Tab>();
  let capitalInFlight = false;

  const get = () => store.getState();

  function filterOf(s: FuturesDataState): OrderFilter {
    const f = s.filters;
    const symbol = f.showCurrentPosition ? s.instrumentId : f.symbol;
    return {
      ...(symbol ? { instrumentId: symbol } : {}),
      ...(f.direction ? { direction: f.direction } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.priceType ? { priceType: f.priceType } : {}),
    };
  }

  async function fetchTab(
    s: FuturesDataState,
    tab: Tab,
    data: TabData,
  ): Promise<{ list: Row[]; next: string | null; hasMore: boolean; positions?: PositionView[] }> {
    const keyId = s.keyId as string;
    const filter = filterOf(s);
    const cursor: CursorCondition = { cursor: data.cursors[data.pageNum - 1] ?? null, pageSize: data.pageSize, searchDirection: 'after' };
    switch (tab) {
      case 'positionOrder': {
        const rows = await api.positions(keyId);
        return { list: positionRows(s, rows), next: null, hasMore: false, positions: rows };
      }
      case 'currentOrder': {
        const rows = await api.openOrders(s.market, keyId, filter);
        return { list: rows, next: null, hasMore: false };
      }
      case 'historyOrder': {
        const page = await api.pageOrders(s.market, keyId, cursor, filter);
        return { list: page.dataList, next: page.cursorInfo.nextCursor, hasMore: page.cursorInfo.nextCursor !== null };
      }
      case 'historyDeal': {
        const page = await api.pageDeals(s.market, keyId, cursor, filter);
        return { list: page.dataList, next: page.cursorInfo.nextCursor, hasMore: page.cursorInfo.nextCursor !== null };
      }
      case 'positionHistory': {
        if (!api.positionHistory) return { list: [], next: null, hasMore: false };
        const page = await api.positionHistory(keyId, cursor, filter.instrumentId);
        return { list: page.dataList, next: page.cursorInfo.nextCursor, hasMore: page.cursorInfo.nextCursor !== null };
      }
      case 'assetManager': {
        if (api.transfers) {
          const gen = generation;
          api
            .transfers({ cursor: null, pageSize: DEFAULT_PAGE_SIZE, searchDirection: 'after' }, s.filters.flowType || undefined, keyId)
            .then((page) => gen === generation && store.setState({ flows: page.dataList }))
            .catch(() => {});
        }
        if (s.filters.fundingType !== 'swap' && api.balances) {
          const type = s.filters.fundingType === 'capital' ? 1 : 2;
          const reply = await api.balances(type);
          const rows: AssetRow[] = (reply[0]?.balances ?? [])
            .map((b) => ({ asset: b.asset, walletBalance: new Decimal(b.free).add(b.locked).toFixed(), availableBalance: b.free, unrealizedProfitLoss: '0' }))
            .filter((r) => !s.filters.showCurrentAsset || !new Decimal(r.walletBalance).isZero());
          return { list: rows, next: null, hasMore: false };
        }
        const rows = await api.assets(keyId, s.filters.showCurrentAsset);
        return { list: rows, next: null, hasMore: false };
      }
    }
  }

  /** Loads the page the tab is on. Overlapping loads of one tab are skipped (a slow reply is not queued behind). */
  async function load(tab: Tab = get().tab): Promise<void> {
    const s = get();
    if (!s.polling || inFlight.has(tab)) return;
    const gen = generation;
    const data = s.tabs[tab];
    inFlight.add(tab);
    try {
      const { list, next, hasMore, positions } = await fetchTab(s, tab, data);
      if (gen !== generation) return;
      const current = get().tabs[tab];
      const cursors = current.cursors.slice(0, current.pageNum);
      cursors[current.pageNum] = next;
      store.setState({
        ...(positions ? { positions } : {}),
        tabs: {
          ...get().tabs,
          [tab]: { ...current, list, cursors, hasMore, total: (current.pageNum - 1) * current.pageSize + list.length, loaded: true },
        },
      });
    } catch {
      // The API client has shown the error; the next tick tries again.
    } finally {
      inFlight.delete(tab);
    }
  }

  async function loadCapital(): Promise<void> {
    const s = get();
    if (!s.polling || s.market !== 'usdm' || capitalInFlight) return;
    const gen = generation;
    capitalInFlight = true;
    try {
      const keyId = s.keyId as string;
      const [capital, positions] = await Promise.all([api.capital(keyId), api.positions(keyId)]);
      if (gen !== generation) return;
      const now = get();
      const tab = now.tabs.positionOrder;
      // The positions tab shows the same reply as the summary's total (one mark price for both).
      store.setState({
        capital,
        positions,
        ...(tab.loaded ? { tabs: { ...now.tabs, positionOrder: { ...tab, list: positionRows(now, positions) } } } : {}),
      });
    } catch {
      // shown by the API client; retried on the next tick
    } finally {
      capitalInFlight = false;
    }
  }

  function stopTimers(): void {
    if (listTimer !== null) timers.clearInterval(listTimer);
    if (capitalTimer !== null) timers.clearInterval(capitalTimer);
    listTimer = capitalTimer = null;
  }

  /** A new context: drop what is in flight and start over at page 1. */
  function restart(): void {
    generation++;
    inFlight.clear();
    capitalInFlight = false;
    stopTimers();
    const s = get();
    // spec §4: poll while logged in with a key and an instrument (record pages list every pair: no instrument needed)
    const polling = s.isLogin && s.keyId !== null && (s.instrumentId !== null || !requireInstrument);
    store.setState({ polling, tabs: emptyTabs(s.tabs), capital: null, positions: null, flows: [] });
    if (!polling) return;
    void load();
    listTimer = timers.setInterval(() => void load(), LIST_POLL_MS);
    if (s.market === 'usdm') {
      void loadCapital();
      capitalTimer = timers.setInterval(() => void loadCapital(), CAPITAL_POLL_MS);
    }
  }

  /** Drops in-flight replies of the tabs and reloads the active tab at its reset page. */
  function reloadFromStart(tabs: Record<Tab, TabData>): void {
    generation++;
    inFlight.clear();
    store.setState({ tabs });
    void load();
    if (get().polling) void loadCapital();
  }

  return {
    store,
    /** The session and page context (spec §4: poll while logged in with a key and an instrument). */
    setContext(next: { market: TradeMarket; keyId: string | null; instrumentId: string | null; isLogin: boolean }): void {
      const s = get();
      if (s.market === next.market && s.keyId === next.keyId && s.instrumentId === next.instrumentId && s.isLogin === next.isLogin) return;
      store.setState(next);
      restart();
    },
    setTab(tab: Tab): void {
      if (get().tab === tab) return;
      store.setState({ tab });
      void load(tab);
    },
    /** spec §4: changing any filter resets the page to 1 and the cursors, and reloads. */
    setFilter<K extends keyof Filters>(key: K, value: Filters[K]): void {
      const s = get();
      if (s.filters[key] === value) return;
      store.setState({ filters: { ...s.filters, [key]: value } });
      reloadFromStart(emptyTabs(s.tabs));
    },
    setPageSize(size: PageSize): void {
      const s = get();
      reloadFromStart({ ...s.tabs, [s.tab]: emptyTab(size) });
    },
    nextPage(): void {
      const s = get();
      const data = s.tabs[s.tab];
      if (!data.hasMore || data.cursors[data.pageNum] == null) return;
      reloadFromStart({ ...s.tabs, [s.tab]: { ...data, pageNum: data.pageNum + 1, list: [], loaded: false } });
    },
    prevPage(): void {
      const s = get();
      const data = s.tabs[s.tab];
      if (data.pageNum <= 1) return;
      reloadFromStart({ ...s.tabs, [s.tab]: { ...data, pageNum: data.pageNum - 1, list: [], loaded: false } });
    },
    /** Reload now (after placing or cancelling an order). */
    refresh(): void {
      void load();
      void loadCapital();
    },
    load,
    dispose(): void {
      generation++;
      stopTimers();
    },
  };
}
