import { createHash } from 'node:crypto';
import type { BrokerAccountCalls } from '../../contract/broker.ts';
import { COIN_NETWORKS, addressFromBytes } from '../../contract/chains.ts';
import type { ApiContext } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ACCOUNT_COLUMNS, type AccountRow, accountOf } from './accounts.ts';
import { brokerMember } from './org.ts';

const depositAddresses = (row: AccountRow, asset?: string) =>
  COIN_NETWORKS.filter((n) => !asset || n.asset === asset).map((n) => ({
    brokerAccountId: row.id,
    exchangeCode: row.exchange_code,
    subAccountName: row.name,
    asset: n.asset,
    network: n.network,
    // The exchange's deposit address of the sub-account: derived from the exchange, the uid and the network, so
    // it is stable and a valid address of its chain (contract/chains.ts).
    address: addressFromBytes(n.network, createHash('sha256').update(`broker-deposit:${row.exchange_code}:${row.uid}:${n.network}`).digest()),
    memo: null,
  }));

/** The exchanges' deposit addresses of a sub-account, or of every sub-account of the organisation. */
export function depositAddressHandlers(
  ctx: ApiContext,
): Pick<Handlers<BrokerAccountCalls>, '/broker/depositAddress/list' | '/broker/depositAddress/listAllExchangeDepositAddress'> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/depositAddress/list': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return depositAddresses(await accountOf(ctx.db, orgId, body.brokerAccountId), body.asset);
    },

    '/broker/depositAddress/listAllExchangeDepositAddress': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const rows = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.deleted_at is null and ($2::text is null or a.exchange_code = $2) order by a.id`,
        [orgId, body.exchangeCode ?? null],
      );
      return rows.flatMap((r) => depositAddresses(r, body.asset));
    },
  };
}
