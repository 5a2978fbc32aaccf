import { coinNetwork } from '../../contract/chains.ts';
import type { WalletCalls } from '../../contract/wallet.ts';
import { Account } from '../ledger/ledger.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { D, out } from '../platform/decimal.ts';
import { badInput } from '../platform/envelope.ts';
import { sweep } from './chain.ts';
import { COIN_RECORD_COLUMNS, coinRecordView, type CoinRecordRow } from './records.ts';

/**
 * spec §7 accountCapital/list (the capital account's balances) and submitDepositRecord (a coin deposit declared
 * by its transaction hash). Neither moves money: balances are the ledger's, and a declared deposit is credited
 * by the chain's confirmations like every deposit (chain.ts sweep).
 */
export function capitalHandlers(ctx: ApiContext): Pick<Handlers<WalletCalls>, '/account/block/accountCapital/list' | '/account/block/submitDepositRecord'> {
  return {
    '/account/block/accountCapital/list': async ({ body, auth }) => {
      await sweep(ctx);
      const rows = await ctx.db.query<{ asset: string; free: string; locked: string }>(
        `select asset, free::text as free, locked::text as locked from balances
         where user_id = $1 and account_type = $2 and ($3::text is null or asset = $3) order by asset`,
        [auth.user.id, Account.capital, body.asset ?? null],
      );
      return rows
        .map((r) => ({ asset: r.asset, free: new D(r.free), locked: new D(r.locked) }))
        .filter((r) => !body.hideZero || !r.free.add(r.locked).isZero())
        .map((r) => ({ asset: r.asset, free: out(r.free), locked: out(r.locked), total: out(r.free.add(r.locked)) }));
    },

    '/account/block/submitDepositRecord': async ({ body, auth }) => {
      if (!coinNetwork(body.asset, body.network)) throw badInput('network', 'unsupported', `${body.asset} is not deposited on ${body.network}`);
      await sweep(ctx);
      // Only a transaction of this asset and network to one of the user's own deposit addresses: another user's
      // hash reads as unknown, so the call tells nothing about other accounts.
      const rows = await ctx.db.query<CoinRecordRow>(
        `select ${COIN_RECORD_COLUMNS} from (
           select 'D' || id as record_id, 'deposit' as type, asset, network, address, null::text as memo, amount, 0::numeric as fee,
             status, tx_hash, confirmations_required, seen_at as since, created_at, completed_at
           from wallet_deposits where user_id = $1 and kind = 'coin' and asset = $2 and network = $3 and tx_hash = $4
         ) d`,
        [auth.user.id, body.asset, body.network, body.txHash],
      );
      const row = rows[0];
      if (!row) throw badInput('txHash', 'unknown', 'No deposit of this asset with this hash reached your address on this network');
      return coinRecordView(row, nowDate(ctx));
    },
  };
}
