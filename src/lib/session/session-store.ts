import { createStore, type StoreApi } from 'zustand/vanilla';
// spec §1: the supported exchanges are the broker portal's list, kept once in the contract.
import { DEFAULT_EXCHANGE, isBrokerExchange, type BrokerExchange } from '../../../contract/exchanges.ts';
import type { TokenStorage } from './token-storage.ts';

// spec §3 "User session" and §4 "Login", "Exchange switch", "Account list".

export interface ExchangeAccount {
  keyId: string;
  brokerAccountId: string;
  /** The exchange the account is on (queryBrokerOptions accountList); absent: the session's. */
  exchangeCode?: string;
  sortIndex?: number | null;
}

export interface ExchangeOption {
  exchangeCode: string;
  exchangeName: string;
  icon?: string;
}

export type UserInfo = Record<string, unknown> & { userName?: string };
export type MenuItem = Record<string, unknown> & { path?: string; children?: MenuItem[] };

export interface SessionState {
  token: string | null;
  isLogin: boolean;
  userInfo: UserInfo | null;
  userMenu: MenuItem[];
  platformConfig: Record<string, unknown> | null;
  /**
   * The platform's RSA public key as last stored (spec §3 "Stored keys": publicKey), refreshed whenever the platform
   * configuration arrives. The record only: passwords are encrypted with the freshly fetched key (spec §5).
   */
  publicKey: string | null;
  exchangeCode: BrokerExchange;
  exchangeList: ExchangeOption[];
  keyId: string | null;
  accountList: ExchangeAccount[];
  positionSide: string | null;
  crossed: boolean;
  multiAssetsMargin: boolean;
}

/** Keys the session keeps in browser storage (spec §3 "Stored keys"). */
export const SESSION_KEYS = {
  publicKey: 'publicKey',
  userName: 'userName',
  userInfo: 'userInfo',
  menus: 'menus',
  safetyNotice: 'safetyNotice',
  exchangeCode: 'exchangeCode',
} as const;

export interface SessionDeps {
  tokenStorage: TokenStorage;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Reloads the page (spec §4 "Exchange switch: the choice is saved and the page reloads"). */
  reload: () => void;
}

function readJson<T>(storage: SessionDeps['storage'], key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export type SessionStore = StoreApi<SessionState> & { actions: ReturnType<typeof sessionActions> };

export function createSessionStore(deps: SessionDeps): SessionStore {
  const token = deps.tokenStorage.read();
  const storedExchange = deps.storage.getItem(SESSION_KEYS.exchangeCode);
  const store = createStore<SessionState>(() => ({
    token,
    isLogin: token !== null,
    userInfo: token ? readJson<UserInfo>(deps.storage, SESSION_KEYS.userInfo) : null,
    userMenu: (token ? readJson<MenuItem[]>(deps.storage, SESSION_KEYS.menus) : null) ?? [],
    platformConfig: null,
    publicKey: deps.storage.getItem(SESSION_KEYS.publicKey),
    exchangeCode: isBrokerExchange(storedExchange) ? storedExchange : DEFAULT_EXCHANGE,
    exchangeList: [],
    keyId: null,
    accountList: [],
    positionSide: null,
    crossed: false,
    multiAssetsMargin: false,
  }));
  return Object.assign(store, { actions: sessionActions(store, deps) });
}

function sessionActions(store: StoreApi<SessionState>, deps: SessionDeps) {
  return {
    /** spec §4: login returns a token, which is stored, and the session is marked logged in. */
    signIn(token: string) {
      deps.tokenStorage.write(token);
      store.setState({ token, isLogin: true });
    },

    setUser(userInfo: UserInfo, userMenu: MenuItem[]) {
      deps.storage.setItem(SESSION_KEYS.userInfo, JSON.stringify(userInfo));
      deps.storage.setItem(SESSION_KEYS.menus, JSON.stringify(userMenu));
      if (typeof userInfo.userName === 'string') deps.storage.setItem(SESSION_KEYS.userName, userInfo.userName);
      store.setState({ userInfo, userMenu });
    },

    /** spec §3 "User session" platformConfig, and the stored publicKey of spec §3 "Stored keys" with it. */
    setPlatformConfig(platformConfig: Record<string, unknown>) {
      const key = platformConfig['publicKey'];
      if (typeof key !== 'string' || key === '') {
        store.setState({ platformConfig });
        return;
      }
      try {
        deps.storage.setItem(SESSION_KEYS.publicKey, key);
      } catch {
        // Storage full or refused: the key is still held for this page.
      }
      store.setState({ platformConfig, publicKey: key });
    },

    /** spec §4: logout clears stored user info, menu, safety notice and token. A failed login resets the same way. */
    signOut() {
      deps.tokenStorage.clear();
      deps.storage.removeItem(SESSION_KEYS.userInfo);
      deps.storage.removeItem(SESSION_KEYS.menus);
      deps.storage.removeItem(SESSION_KEYS.safetyNotice);
      store.setState({ token: null, isLogin: false, userInfo: null, userMenu: [], keyId: null, accountList: [] });
    },

    /**
     * spec §4 "Exchange switch: the choice is saved and the page reloads." The previous exchange's account is
     * dropped at once, so nothing sent before the reload trades on it under the new exchange's name.
     */
    switchExchange(code: string) {
      if (!isBrokerExchange(code)) throw new RangeError(`Unsupported exchange: ${code}`);
      deps.storage.setItem(SESSION_KEYS.exchangeCode, code);
      store.setState({ exchangeCode: code, keyId: null, accountList: [] });
      deps.reload();
    },

    setExchangeList(exchangeList: ExchangeOption[]) {
      store.setState({ exchangeList });
    },

    /**
     * spec §4 "Account list": with no accounts the key is cleared; if no account has a sort index, the first
     * account is made the default via a call and selected. Otherwise the current key is kept if it is still
     * listed, else the account with the lowest sort index is selected. The list is the session exchange's accounts
     * (spec §3 "User session" exchangeCode, accountList): entries of another exchange are left out, so the keyId
     * every trading call sends is an account on the exchange the screens show.
     */
    async applyAccountList(listed: ExchangeAccount[], makeDefault: (account: ExchangeAccount) => Promise<void>) {
      const { exchangeCode } = store.getState();
      const accountList = listed.filter((a) => a.exchangeCode === undefined || a.exchangeCode === exchangeCode);
      if (accountList.length === 0) {
        store.setState({ accountList, keyId: null });
        return;
      }
      const hasSortIndex = accountList.some((a) => a.sortIndex !== undefined && a.sortIndex !== null);
      if (!hasSortIndex) {
        const first = accountList[0] as ExchangeAccount;
        await makeDefault(first);
        store.setState({ accountList, keyId: first.keyId });
        return;
      }
      const current = store.getState().keyId;
      if (current !== null && accountList.some((a) => a.keyId === current)) {
        store.setState({ accountList });
        return;
      }
      const byIndex = [...accountList].sort((a, b) => (a.sortIndex ?? Infinity) - (b.sortIndex ?? Infinity));
      store.setState({ accountList, keyId: (byIndex[0] as ExchangeAccount).keyId });
    },

    selectAccount(keyId: string) {
      if (!store.getState().accountList.some((a) => a.keyId === keyId)) return;
      store.setState({ keyId });
    },

    setTradingModes(modes: Partial<Pick<SessionState, 'positionSide' | 'crossed' | 'multiAssetsMargin'>>) {
      store.setState(modes);
    },
  };
}
