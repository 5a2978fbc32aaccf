import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { type BrokerLookupCalls, brokerLookupCalls, type ExchangeConfig } from '../../contract/broker-lookup.ts';
import { BROKER_EXCHANGE_RULES, BROKER_WALLETS, type BrokerExchange } from '../../contract/broker-rules.ts';
import { COIN_NETWORKS } from '../../contract/chains.ts';
import type { ApiContext } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
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
}

/**
 * How each exchange is shown: its name as it writes it and its badge. The sub-account kinds and API key
 * permissions it offers (spec §6: they vary per exchange) are the sandbox's rules, BROKER_EXCHANGE_RULES in
 * contract/broker-rules.ts, read from there; every sandbox sub-account has the four wallets of BROKER_WALLETS.
 */
export const EXCHANGE_CONFIG: Record<BrokerExchange, ExchangeRow> = {
  binance: { name: 'Binance', colour: '#F0B90B', mark: 'B' },
  okx: { name: 'OKX', colour: '#000000', mark: 'OK' },
  bybit: { name: 'Bybit', colour: '#F7A600', mark: 'BY' },
  coinex: { name: 'CoinEx', colour: '#00C4A7', mark: 'CX' },
  gate: { name: 'Gate', colour: '#2354E6', mark: 'G' },
  bitget: { name: 'Bitget', colour: '#00B8CC', mark: 'BG' },
  kucoin: { name: 'KuCoin', colour: '#23AF91', mark: 'K' },
  coinbaseinternational: { name: 'Coinbase International', colour: '#0052FF', mark: 'C' },
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
      accountKinds: [...BROKER_EXCHANGE_RULES[code].kinds],
      wallets: [...BROKER_WALLETS],
      permissions: [...BROKER_EXCHANGE_RULES[code].permissions],
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
