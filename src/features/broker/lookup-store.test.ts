import { afterEach, describe, expect, it, vi } from 'vitest';
import { brokerShellApi, type ExchangeConfig } from './api.ts';
import { brokerLookup, loadBrokerLookups, resetBrokerLookups, setExchangeList, toExchangeOption } from './lookup-store.ts';

const okx: ExchangeConfig = {
  exchangeCode: 'okx',
  exchangeName: 'OKX',
  icon: 'data:image/svg+xml;base64,AA==',
  accountKinds: ['regular'],
  wallets: ['spot'],
  permissions: ['read', 'trade', 'withdraw'],
  sortIndex: 1,
};

afterEach(() => {
  vi.restoreAllMocks();
  resetBrokerLookups();
});

describe('broker lookup store (spec §3 "Broker lookup")', () => {
  it('makes exchange options: icon, value from exchangeCode, label lower-cased, and the original fields', () => {
    expect(toExchangeOption(okx)).toEqual({ ...okx, value: 'okx', label: 'okx' });
    expect(toExchangeOption({ ...okx, exchangeCode: 'coinbaseinternational', exchangeName: 'Coinbase International' }).label).toBe('coinbase international');
  });

  it('replaces each list by the reply, or by an empty list when there is none', () => {
    setExchangeList([okx]);
    expect(brokerLookup.getState().exchangeList.map((o) => o.value)).toEqual(['okx']);
    setExchangeList(null);
    expect(brokerLookup.getState().exchangeList).toEqual([]);
    setExchangeList([okx]);
    setExchangeList({} as unknown as ExchangeConfig[]);
    expect(brokerLookup.getState().exchangeList).toEqual([]);
  });

  it('loads exchanges and assets; a failed call leaves its list empty; projects stay empty (issue 15)', async () => {
    vi.spyOn(brokerShellApi, 'exchanges').mockResolvedValue([okx]);
    vi.spyOn(brokerShellApi, 'assets').mockRejectedValue(new Error('refused'));
    brokerLookup.setState({ assetList: [{ asset: 'BTC', decimals: 8, networks: ['BTC'] }], projectList: [{ projectNo: 'x' }] });
    await loadBrokerLookups();
    const state = brokerLookup.getState();
    expect(state.exchangeList.map((o) => o.label)).toEqual(['okx']);
    expect(state.assetList).toEqual([]);
    expect(state.projectList).toEqual([]);
    expect(state.loaded).toBe(true);
  });
});
