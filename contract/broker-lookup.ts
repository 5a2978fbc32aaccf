import Type from 'typebox';
import { userPost } from './call.ts';
import { API_KEY_PERMISSIONS, BROKER_EXCHANGES, BROKER_WALLETS, SUB_ACCOUNT_KINDS } from './broker-rules.ts';
import { Asset, StringEnum } from './schema.ts';

/**
 * The broker manager's lookups (spec §3 "Broker lookup", spec §7 broker calls `listAllExchangeConfig` and
 * `asset/listAll`, both POST with no body; spec §7 "Broker calls"). The spec shows no fields: the reply shapes are the
 * sandbox's (server/broker/README.md "Lookups"). Broker rights are needed (403 without, spec §8).
 */

export const ExchangeConfig = Type.Object({
  exchangeCode: StringEnum([...BROKER_EXCHANGES]),
  /** The exchange's own name as it writes it (e.g. "OKX"); the app's option label is it lower-cased (spec §3). */
  exchangeName: Type.String(),
  /** An image URL (a data: URL in the sandbox). */
  icon: Type.String(),
  /** spec §3 partnership sub-account kinds the exchange offers. */
  accountKinds: Type.Array(StringEnum([...SUB_ACCOUNT_KINDS])),
  /** The sub-account wallets the exchange has (account/capital/*Page). */
  wallets: Type.Array(StringEnum([...BROKER_WALLETS])),
  /** spec §6: API key permissions vary per exchange. */
  permissions: Type.Array(StringEnum([...API_KEY_PERMISSIONS])),
  sortIndex: Type.Integer(),
});

export const BrokerAsset = Type.Object({
  asset: Asset,
  /** The most decimals any of its networks carries. */
  decimals: Type.Integer({ minimum: 0, maximum: 18 }),
  networks: Type.Array(Type.String()),
});

export const brokerLookupCalls = {
  '/broker/listAllExchangeConfig': userPost(undefined, Type.Array(ExchangeConfig)),
  '/broker/asset/listAll': userPost(undefined, Type.Array(BrokerAsset)),
};

export type BrokerLookupCalls = typeof brokerLookupCalls;
