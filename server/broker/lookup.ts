import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { type BrokerLookupCalls, brokerLookupCalls, type ExchangeConfig } from '../../contract/broker-lookup.ts';
import type { ApiKeyPermission, BrokerExchange, BrokerWallet, SubAccountKind } from '../../contract/broker-rules.ts';
import { COIN_NETWORKS } from '../../contract/chains.ts';
import type { ApiContext } from '../api/context.ts';
import { serveCalls } from '../api/contract.ts';
import { brokerMember } from './org.ts';

/**
 * The broker manager's lookups (spec §3 "Broker lookup"; contract/broker-lookup.ts; README "Lookups"): the
 * eight exchanges' configuration and the assets sub-accounts hold. Both need broker rights (403 without).
 */

interface ExchangeRow {
  name: string;
  /** The icon's brand colour and its one- or two-letter mark. */
  colour: string;
  mark: string;
  kinds: readonly SubAccountKind[];
  wallets: readonly BrokerWallet[];
  permissions: readonly ApiKeyPermission[];
}

const ALL_KINDS = ['regular', 'custodial', 'asset_management'] as const;

/**
 * What each exchange's sub-account API offers, as their own documentation shapes it: which wallets a
 * sub-account has and which API key permissions can be granted (spec §6: they vary per exchange). Every one
 * has read and withdraw (withdraw needs IP binding and implies read, contract/broker-rules.ts).
 */
export const EXCHANGE_CONFIG: Record<BrokerExchange, ExchangeRow> = {
  binance: { name: 'Binance', colour: '#F0B90B', mark: 'B', kinds: ALL_KINDS, wallets: ['spot', 'funding', 'earn', 'futures'], permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'] },
  okx: { name: 'OKX', colour: '#000000', mark: 'OK', kinds: ALL_KINDS, wallets: ['spot', 'funding', 'earn', 'futures'], permissions: ['read', 'trade', 'withdraw'] },
  bybit: { name: 'Bybit', colour: '#F7A600', mark: 'BY', kinds: ALL_KINDS, wallets: ['spot', 'funding', 'earn', 'futures'], permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'] },
  coinex: { name: 'CoinEx', colour: '#00C4A7', mark: 'CX', kinds: ['regular', 'custodial'], wallets: ['spot', 'futures'], permissions: ['read', 'trade', 'withdraw'] },
  gate: { name: 'Gate', colour: '#2354E6', mark: 'G', kinds: ['regular', 'custodial'], wallets: ['spot', 'funding', 'futures'], permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'] },
  bitget: { name: 'Bitget', colour: '#00B8CC', mark: 'BG', kinds: ALL_KINDS, wallets: ['spot', 'funding', 'futures'], permissions: ['read', 'spot', 'contracts', 'transfers', 'withdraw'] },
  kucoin: { name: 'KuCoin', colour: '#23AF91', mark: 'K', kinds: ['regular', 'custodial'], wallets: ['spot', 'funding', 'futures'], permissions: ['read', 'trade', 'contracts', 'transfers', 'withdraw'] },
  coinbaseinternational: { name: 'Coinbase International', colour: '#0052FF', mark: 'C', kinds: ['regular'], wallets: ['spot', 'futures'], permissions: ['read', 'trade', 'transfers', 'withdraw'] },
};

/** A round badge in the exchange's colour with its mark, as a data: URL (the sandbox serves no image files). */
function icon(row: ExchangeRow): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="16" fill="${row.colour}"/>` +
    `<text x="16" y="21" font-family="Arial,sans-serif" font-size="${row.mark.length > 1 ? 12 : 16}" font-weight="700" fill="#fff" text-anchor="middle">${row.mark}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function exchangeConfigs(): Static<typeof ExchangeConfig>[] {
  return (Object.keys(EXCHANGE_CONFIG) as BrokerExchange[]).map((code, sortIndex) => {
    const row = EXCHANGE_CONFIG[code];
    return {
      exchangeCode: code,
      exchangeName: row.name,
      icon: icon(row),
      accountKinds: [...row.kinds],
      wallets: [...row.wallets],
      permissions: [...row.permissions],
      sortIndex,
    };
  });
}

/** The assets of the wallet's coin list (contract/chains.ts), each with its networks and largest decimals. */
export function brokerAssets() {
  const assets = [...new Set(COIN_NETWORKS.map((n) => n.asset))].sort();
  return assets.map((asset) => {
    const networks = COIN_NETWORKS.filter((n) => n.asset === asset);
    return { asset, decimals: Math.max(...networks.map((n) => n.decimals)), networks: networks.map((n) => n.network) };
  });
}

export function brokerLookupRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls<BrokerLookupCalls>(ctx, app, brokerLookupCalls, {
    '/broker/listAllExchangeConfig': async ({ auth }) => {
      await brokerMember(ctx.db, auth.user.id);
      return exchangeConfigs();
    },
    '/broker/asset/listAll': async ({ auth }) => {
      await brokerMember(ctx.db, auth.user.id);
      return brokerAssets();
    },
  });
}
