import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_EXCHANGE_RULES, BROKER_EXCHANGES, BROKER_WALLETS, type BrokerExchange } from '../../contract/broker-rules.ts';
import { COIN_NETWORKS } from '../../contract/chains.ts';
import { TestApi } from '../api/helpers.ts';

interface ExchangeConfig {
  exchangeCode: string;
  exchangeName: string;
  icon: string;
  accountKinds: string[];
  wallets: string[];
  permissions: string[];
  sortIndex: number;
}

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
}, 60_000);
afterAll(async () => api.close());

/** The broker lookups (spec §3 "Broker lookup", §7 listAllExchangeConfig and asset/listAll; server/broker/lookup.ts). */
describe('broker lookups', () => {
  it('refuses both without a session (401) and without broker rights (403)', async () => {
    for (const path of ['/broker/listAllExchangeConfig', '/broker/asset/listAll']) {
      expect((await api.call('POST', path)).code).toBe(401);
      const token = await api.token(await api.register(), 'Passw0rd!x');
      expect(await api.call('POST', path, { token })).toMatchObject({ status: 403, code: 403 });
    }
  });

  it('lists the eight exchanges of spec §1 in order, binance first, each with an icon, wallets and permissions', async () => {
    const token = await api.token(await api.register(), 'Passw0rd!x');
    expect((await api.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
    const reply = await api.call<ExchangeConfig[]>('POST', '/broker/listAllExchangeConfig', { token });
    expect(reply.code).toBe(200);
    expect(reply.data.map((e) => e.exchangeCode)).toEqual([...BROKER_EXCHANGES]);
    expect(reply.data.map((e) => e.sortIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const exchange of reply.data) {
      expect(exchange.icon).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(exchange.exchangeName.toLowerCase().replace(/\s/g, '')).toBe(exchange.exchangeCode);
      expect(exchange.wallets).toEqual([...BROKER_WALLETS]);
      // The sandbox's per-exchange rules, the same the key and sub-account calls apply.
      const rule = BROKER_EXCHANGE_RULES[exchange.exchangeCode as BrokerExchange];
      expect(exchange.accountKinds).toEqual([...rule.kinds]);
      expect(exchange.permissions).toEqual([...rule.permissions]);
      expect(exchange.permissions).toContain('read');
    }
    // spec §6: permissions vary per exchange.
    expect(new Set(reply.data.map((e) => e.permissions.join())).size).toBeGreaterThan(1);
  });

  it('lists the wallet coins with their networks and largest decimals', async () => {
    const token = await api.token(await api.register(), 'Passw0rd!x');
    await api.call('POST', '/institution/agree/broker/open', { token });
    const reply = await api.call<{ asset: string; decimals: number; networks: string[] }[]>('POST', '/broker/asset/listAll', { token });
    expect(reply.code).toBe(200);
    expect(reply.data.map((a) => a.asset)).toEqual([...new Set(COIN_NETWORKS.map((n) => n.asset))].sort());
    expect(reply.data.find((a) => a.asset === 'USDT')).toEqual({ asset: 'USDT', decimals: 6, networks: ['ETH', 'TRX'] });
  });
});
