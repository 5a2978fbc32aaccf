import type { FastifyInstance } from 'fastify';
import { brokerAccountCalls } from '../../contract/broker.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import type { SimVenues, Simulator } from '../sim/index.ts';
import { depositAddressHandlers } from './deposit-addresses.ts';
import { exchangeConfigHandlers } from './exchange-config.ts';
import { keyHandlers } from './keys.ts';
import { managerHandlers } from './managers.ts';
import { loadSecretBox } from './secrets.ts';
import { subAccountHandlers } from './sub-accounts.ts';
import { Valuer } from './valuation.ts';
import { balanceHandlers } from './wallet-balances.ts';

/**
 * The broker calls (spec §7 "Broker calls") of the sub-accounts: the sub-accounts, their balances per wallet, API keys (keys.ts),
 * deposit addresses and the exchanges' configuration (contract/broker.ts; server/broker/README.md). Every call starts
 * with `brokerMember` (403 without broker rights) and reaches only the caller's organisation's rows.
 */
export async function brokerAccountRoutes(ctx: ApiContext, app: FastifyInstance, sim: Simulator, venues?: SimVenues): Promise<void> {
  const valuer = new Valuer(sim, venues);
  const secrets = await loadSecretBox(ctx.db, nowDate(ctx));
  serveCalls(ctx, app, brokerAccountCalls, {
    ...subAccountHandlers(ctx, valuer),
    ...managerHandlers(ctx),
    ...balanceHandlers(ctx, valuer),
    ...keyHandlers(ctx, secrets),
    ...depositAddressHandlers(ctx),
    ...exchangeConfigHandlers(ctx),
  });
}
