import { createStore, type StoreApi } from 'zustand/vanilla';

// spec §3 "Favourite pair list: a JSON config with version and selectionList; only version 1.0 is accepted.
// A local symbolData list is kept in browser storage." spec §5/§9 "Favourites: at most 8".
export const FAVOURITES_MAX = 8;
export const SELECTION_CONFIG_VERSION = '1.0';
export const SYMBOL_DATA_KEY = 'symbolData';
const SYMBOL = /^[A-Z0-9]{2,30}$/;

export interface SelectionConfig {
  version: typeof SELECTION_CONFIG_VERSION;
  selectionList: string[];
}

/** Remote side of the favourites (the provider's self-selection calls, spec §7); absent when signed out. */
export interface FavouritesRemote {
  add(symbol: string): Promise<void>;
  remove(symbol: string): Promise<void>;
}

export type FavouriteError = 'limit' | 'invalidSymbol';
export type FavouriteResult = { ok: true } | { ok: false; error: FavouriteError };

function normalise(list: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' || !SYMBOL.test(item) || out.includes(item)) continue;
    out.push(item);
    if (out.length === FAVOURITES_MAX) break;
  }
  return out;
}

/**
 * Reads the server's selection config (data.configData: a JSON string or an object). Anything but version 1.0
 * with a list is refused (null), so a config written by another client version never corrupts the list.
 */
export function parseSelectionConfig(raw: unknown): string[] | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { version, selectionList } = value as Partial<Record<keyof SelectionConfig, unknown>>;
  if (version !== SELECTION_CONFIG_VERSION || !Array.isArray(selectionList)) return null;
  return normalise(selectionList);
}

export function serialiseSelectionConfig(symbols: readonly string[]): string {
  const config: SelectionConfig = { version: SELECTION_CONFIG_VERSION, selectionList: [...symbols] };
  return JSON.stringify(config);
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function readLocal(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SYMBOL_DATA_KEY) ?? '[]');
    return Array.isArray(parsed) ? normalise(parsed) : [];
  } catch {
    return [];
  }
}

export interface FavouritesState {
  symbols: string[];
}

export function createFavourites(storage: KeyValueStorage) {
  const store: StoreApi<FavouritesState> = createStore<FavouritesState>(() => ({ symbols: readLocal(storage) }));
  let remote: FavouritesRemote | null = null;

  const commit = (symbols: string[]) => {
    storage.setItem(SYMBOL_DATA_KEY, JSON.stringify(symbols));
    store.setState({ symbols });
  };

  return {
    store,
    /** Signed in: the server becomes the source of truth; its list (if valid) replaces the local one. */
    connect(next: FavouritesRemote | null, serverConfig?: unknown) {
      remote = next;
      const fromServer = serverConfig === undefined ? null : parseSelectionConfig(serverConfig);
      if (fromServer) commit(fromServer);
    },
    has: (symbol: string) => store.getState().symbols.includes(symbol),
    /** Adds a symbol; refuses a ninth. The local list changes only once the server (if any) accepted it. */
    async add(symbol: string): Promise<FavouriteResult> {
      const { symbols } = store.getState();
      if (!SYMBOL.test(symbol)) return { ok: false, error: 'invalidSymbol' };
      if (symbols.includes(symbol)) return { ok: true };
      if (symbols.length >= FAVOURITES_MAX) return { ok: false, error: 'limit' };
      if (remote) await remote.add(symbol);
      const latest = store.getState().symbols;
      if (!latest.includes(symbol)) commit([...latest, symbol]);
      return { ok: true };
    },
    async remove(symbol: string): Promise<void> {
      if (!store.getState().symbols.includes(symbol)) return;
      if (remote) await remote.remove(symbol);
      commit(store.getState().symbols.filter((s) => s !== symbol));
    },
  };
}

export type Favourites = ReturnType<typeof createFavourites>;
