import { afterEach, describe, expect, it, vi } from 'vitest';
import { brokerShellApi, type BrokerProjectOption, type ExchangeConfig } from './api.ts';
import { brokerLookup, loadBrokerLookups, refreshProjectList, resetBrokerLookups, setExchangeList, setProjectList, toExchangeOption } from './lookup-store.ts';

const okx: ExchangeConfig = {
  exchangeCode: 'okx',
  exchangeName: 'OKX',
  icon: 'data:image/svg+xml;base64,AA==',
  accountKinds: ['regular'],
  wallets: ['spot'],
  permissions: ['read', 'trade', 'withdraw'],
  sortIndex: 1,
};

const project: BrokerProjectOption = { projectNo: 'P202611260001', name: 'Alpha', status: 'in_progress', exchangeCode: 'okx', brokerAccountId: '12' };

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

  it('loads exchanges, assets and projects; a failed call leaves its list empty', async () => {
    vi.spyOn(brokerShellApi, 'exchanges').mockResolvedValue([okx]);
    vi.spyOn(brokerShellApi, 'assets').mockRejectedValue(new Error('refused'));
    vi.spyOn(brokerShellApi, 'projects').mockResolvedValue([project]);
    brokerLookup.setState({ assetList: [{ asset: 'BTC', decimals: 8, networks: ['BTC'] }] });
    await loadBrokerLookups();
    const state = brokerLookup.getState();
    expect(state.exchangeList.map((o) => o.label)).toEqual(['okx']);
    expect(state.assetList).toEqual([]);
    expect(state.projectList).toEqual([project]);
    expect(state.loaded).toBe(true);
  });

  it('reads GET /broker/project again into projectList; a failure or a reply that is no list empties it', async () => {
    const projects = vi.spyOn(brokerShellApi, 'projects').mockResolvedValue([project]);
    await refreshProjectList();
    expect(brokerLookup.getState().projectList).toEqual([project]);
    projects.mockResolvedValue(null);
    await refreshProjectList();
    expect(brokerLookup.getState().projectList).toEqual([]);
    setProjectList([project]);
    projects.mockRejectedValue(new Error('refused'));
    await refreshProjectList();
    expect(brokerLookup.getState().projectList).toEqual([]);
  });
});
