import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, SESSION_KEYS, type ExchangeAccount } from './session-store.ts';
import { localTokenStorage } from './token-storage.ts';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const reload = vi.fn();
  const store = createSessionStore({ tokenStorage: localTokenStorage(storage), storage, reload });
  return { store, storage, reload };
}

describe('session store', () => {
  it('defaults: logged out, exchange binance (spec §3)', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({ token: null, isLogin: false, exchangeCode: 'binance', keyId: null });
  });

  it('restores a stored token and user', () => {
    const { store } = setup({ token: 't1', userInfo: '{"userName":"amy"}', menus: '[{"path":"/wallet"}]' });
    expect(store.getState()).toMatchObject({ token: 't1', isLogin: true, userInfo: { userName: 'amy' } });
    expect(store.getState().userMenu).toEqual([{ path: '/wallet' }]);
  });

  it('ignores an unsupported stored exchange', () => {
    const { store } = setup({ exchangeCode: 'mtgox' });
    expect(store.getState().exchangeCode).toBe('binance');
  });

  it('sign-in stores the token; sign-out clears user info, menu, safety notice and token (spec §4)', () => {
    const { store, storage } = setup({ safetyNotice: '1' });
    store.actions.signIn('abc');
    store.actions.setUser({ userName: 'amy' }, [{ path: '/x' }]);
    expect(storage.getItem('token')).toBe('abc');
    expect(storage.getItem(SESSION_KEYS.userName)).toBe('amy');
    store.actions.signOut();
    for (const key of ['token', 'userInfo', 'menus', 'safetyNotice']) expect(storage.getItem(key)).toBeNull();
    expect(store.getState()).toMatchObject({ token: null, isLogin: false, userInfo: null, userMenu: [] });
  });

  it('platform configuration: held in the session, its publicKey stored and read back on start (spec §3)', () => {
    const { store, storage } = setup();
    expect(store.getState()).toMatchObject({ platformConfig: null, publicKey: null });
    const platform = { publicKey: '-----BEGIN PUBLIC KEY-----\nAAA\n-----END PUBLIC KEY-----', platformName: 'Trading Desk' };
    store.actions.setPlatformConfig(platform);
    expect(store.getState().platformConfig).toEqual(platform);
    expect(store.getState().publicKey).toBe(platform.publicKey);
    expect(storage.getItem(SESSION_KEYS.publicKey)).toBe(platform.publicKey);

    // A sign-out keeps the platform's key: it is no user data (spec §4 logout clears user info, menu, notice, token).
    store.actions.signOut();
    expect(storage.getItem(SESSION_KEYS.publicKey)).toBe(platform.publicKey);
    const restarted = createSessionStore({ tokenStorage: localTokenStorage(storage), storage, reload: vi.fn() });
    expect(restarted.getState()).toMatchObject({ platformConfig: null, publicKey: platform.publicKey });

    // A configuration without a key leaves the stored one.
    restarted.actions.setPlatformConfig({ platformName: 'x', publicKey: '' });
    expect(restarted.getState()).toMatchObject({ platformConfig: { platformName: 'x', publicKey: '' }, publicKey: platform.publicKey });
    expect(storage.getItem(SESSION_KEYS.publicKey)).toBe(platform.publicKey);
  });

  it('platform configuration: a storage that refuses writes still holds the key for the page', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const store = createSessionStore({ tokenStorage: localTokenStorage(memoryStorage()), storage, reload: vi.fn() });
    store.actions.setPlatformConfig({ publicKey: 'k' });
    expect(store.getState().publicKey).toBe('k');
  });

  it('exchange switch saves the choice and reloads (spec §4); unknown codes are refused', () => {
    const { store, storage, reload } = setup();
    store.actions.switchExchange('okx');
    expect(storage.getItem('exchangeCode')).toBe('okx');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(() => store.actions.switchExchange('nope')).toThrow(RangeError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('exchange switch drops the previous exchange\'s account before the reload', async () => {
    const { store } = setup();
    await store.actions.applyAccountList([{ keyId: 'kb', brokerAccountId: 'b1', exchangeCode: 'binance', sortIndex: 0 }], async () => {});
    expect(store.getState().keyId).toBe('kb');
    store.actions.switchExchange('bybit');
    expect(store.getState()).toMatchObject({ exchangeCode: 'bybit', keyId: null, accountList: [] });
  });

  describe('account list (spec §4)', () => {
    const a: ExchangeAccount = { keyId: 'k1', brokerAccountId: 'b1' };
    const b: ExchangeAccount = { keyId: 'k2', brokerAccountId: 'b2' };

    it('no sort index: makes the first account default via the call and selects it', async () => {
      const { store } = setup();
      const makeDefault = vi.fn(async () => {});
      await store.actions.applyAccountList([a, b], makeDefault);
      expect(makeDefault).toHaveBeenCalledWith(a);
      expect(store.getState().keyId).toBe('k1');
    });

    it('does not select when the default call fails', async () => {
      const { store } = setup();
      await expect(store.actions.applyAccountList([a], async () => Promise.reject(new Error('x')))).rejects.toThrow();
      expect(store.getState().keyId).toBeNull();
    });

    it('with sort indexes: no call, lowest index selected, current key kept if still listed', async () => {
      const { store } = setup();
      const makeDefault = vi.fn(async () => {});
      await store.actions.applyAccountList([{ ...a, sortIndex: 2 }, { ...b, sortIndex: 1 }], makeDefault);
      expect(makeDefault).not.toHaveBeenCalled();
      expect(store.getState().keyId).toBe('k2');
      store.actions.selectAccount('k1');
      await store.actions.applyAccountList([{ ...a, sortIndex: 2 }, { ...b, sortIndex: 1 }], makeDefault);
      expect(store.getState().keyId).toBe('k1');
    });

    it('keeps the session exchange\'s accounts only, and selects among them (spec §3 exchangeCode, accountList)', async () => {
      const listed: ExchangeAccount[] = [
        { keyId: 'kb', brokerAccountId: 'b1', exchangeCode: 'binance', sortIndex: 0 },
        { keyId: 'ko2', brokerAccountId: 'b2', exchangeCode: 'okx', sortIndex: 3 },
        { keyId: 'ko1', brokerAccountId: 'b3', exchangeCode: 'okx', sortIndex: 1 },
        { keyId: 'ky', brokerAccountId: 'b4', exchangeCode: 'bybit', sortIndex: 0 },
      ];
      const okx = setup({ exchangeCode: 'okx' }).store;
      await okx.actions.applyAccountList(listed, async () => {});
      expect(okx.getState().keyId).toBe('ko1');
      expect(okx.getState().accountList.map((x) => x.keyId)).toEqual(['ko2', 'ko1']);
      okx.actions.selectAccount('kb'); // another exchange's key is not selectable
      expect(okx.getState().keyId).toBe('ko1');

      const binance = setup().store;
      await binance.actions.applyAccountList(listed, async () => {});
      expect(binance.getState().keyId).toBe('kb');

      const gate = setup({ exchangeCode: 'gate' }).store; // no account on that exchange: no key
      await gate.actions.applyAccountList(listed, async () => {});
      expect(gate.getState()).toMatchObject({ keyId: null, accountList: [] });
    });

    it('no accounts: the key is cleared', async () => {
      const { store } = setup();
      await store.actions.applyAccountList([{ ...a, sortIndex: 0 }], async () => {});
      await store.actions.applyAccountList([], async () => {});
      expect(store.getState().keyId).toBeNull();
    });
  });
});
