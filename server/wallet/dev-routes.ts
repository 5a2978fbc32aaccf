import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { coinNetwork, NETWORKS, type Network } from '../../contract/chains.ts';
import { fiatDevCalls } from '../../contract/fiat.ts';
import { walletDevCalls } from '../../contract/wallet.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { isUniqueViolation } from '../platform/db/client.ts';
import { ledgerViolations } from '../ledger/invariants.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { publicRoute } from '../platform/http.ts';
import { D } from '../platform/decimal.ts';
import { cancelUnconfirmed, notifyWithdrawal, sweep } from './chain.ts';
import { decideFiatDeposit } from './fiat-deposits.ts';
import { decideFiatWithdrawal } from './fiat-withdrawals.ts';

/** The sandbox chain's and bank's controls (README "Wallet"); only with the dev routes. */
export function walletDevRoutes(ctx: ApiContext, app: FastifyInstance): void {
  // The ledger's invariants over every posting (server/ledger/README.md): what a tester checks after a burst.
  publicRoute(app, {
    method: 'GET',
    url: '/_dev/ledger/check',
    handler: async () => ({ violations: await ledgerViolations(ctx.db) }),
  });
  serveCalls(ctx, app, walletDevCalls, {
    '/_dev/chain/deposit': async ({ body }) => {
      const rows = await ctx.db.query<{ user_id: number; network: Network }>('select user_id, network from deposit_addresses where address = $1', [body.address]);
      const target = rows[0];
      if (!target) throw badInput('address', 'unknown', 'No deposit address of the sandbox');
      const net = coinNetwork(body.asset, target.network);
      if (!net) throw badInput('asset', 'unsupported', `${body.asset} does not travel on ${target.network}`);
      const amount = new D(body.amount);
      if (amount.decimalPlaces() > net.decimals) throw badInput('amount', 'decimals', `amount has more than ${net.decimals} decimals`);
      // spec §5: a deposit must not be below the minimum.
      if (amount.lt(net.depositMin)) throw badInput('amount', 'depositMin', `The minimum deposit is ${net.depositMin}`);
      const txHash = body.txHash ?? randomBytes(32).toString('hex');
      const now = nowDate(ctx);
      try {
        const inserted = await ctx.db.query<{ id: string }>(
          `insert into wallet_deposits (user_id, kind, asset, network, address, tx_hash, amount, status, confirmations_required, seen_at, created_at)
           values ($1, 'coin', $2, $3, $4, $5, $6, 'deposit_pending', $7, $8, $8) returning id::text as id`,
          [target.user_id, body.asset, target.network, body.address, txHash, amount.toFixed(), NETWORKS[target.network].confirmations, now],
        );
        return { recordId: `D${inserted[0]!.id}`, txHash, status: 'deposit_pending' as const, confirmationsRequired: NETWORKS[target.network].confirmations };
      } catch (error) {
        if (isUniqueViolation(error)) throw badInput('txHash', 'duplicate', 'This transaction was already seen');
        throw error;
      }
    },

    '/_dev/chain/withdrawal/fail': async ({ body }) => {
      const now = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        const rows = await tx.query<{ user_id: number; asset: string; network: Network; amount: string; fee: string }>(
          `update wallet_withdrawals set status = 'withdraw_failed', completed_at = $2, updated_at = $2
           where id = $1 and status = 'withdraw_pending' returning user_id, asset, network, amount::text as amount, fee::text as fee`,
          [body.withdrawId, now],
        );
        const row = rows[0];
        if (!row) {
          // Still waiting for its codes: cancel it (its hold goes back).
          if (await cancelUnconfirmed(tx, body.withdrawId, now)) return { withdrawId: body.withdrawId, status: 'cancelled' };
          throw new ApiError(Code.walletState, { withdrawId: body.withdrawId });
        }
        const amount = new D(row.amount);
        const fee = new D(row.fee);
        // The reversing entry: everything the broadcast moved goes back, the fee included.
        await post(
          tx,
          new Entry('withdraw_reversal', `withdrawal:${body.withdrawId}`, row.user_id)
            .user(row.user_id, Account.capital, row.asset, amount)
            .provider(`chain:${row.network}`, row.asset, amount.sub(fee).neg())
            .provider('fees', row.asset, fee.neg()),
          now,
        );
        await notifyWithdrawal(tx, 'withdrawalFailed', 'coin', { id: body.withdrawId, ...row }, now);
        return { withdrawId: body.withdrawId, status: 'withdraw_failed' };
      });
    },

    '/_dev/clock/advance': async ({ body }) => {
      if (!ctx.clock.advance) throw new ApiError(Code.forbidden, null, 'This clock cannot be moved');
      ctx.clock.advance(body.ms);
      await sweep(ctx);
      return { now: nowDate(ctx).toISOString() };
    },
  });
  serveCalls(ctx, app, fiatDevCalls, {
    '/_dev/bank/deposit/decide': async ({ body }) => ({ depositId: body.depositId, status: await decideFiatDeposit(ctx, body.depositId, body.approve) }),
    '/_dev/bank/withdrawal/decide': async ({ body }) => ({ withdrawId: body.withdrawId, status: await decideFiatWithdrawal(ctx, body.withdrawId, body.approve) }),
  });
}
