import { BROKER_EXCHANGE_RULES, type BrokerExchange, type BrokerWallet } from '../../contract/broker-rules.ts';
import type { BrokerFundCalls } from '../../contract/broker-funds.ts';
import { COIN_NETWORKS, NETWORKS } from '../../contract/chains.ts';
import type { ApiContext } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { accountOf } from './accounts.ts';
import { whitelistedAddresses } from './addresses.ts';
import { brokerMember, brokerMembers } from './org.ts';
import { projectOfAccount } from './projects/store.ts';
import { plain } from './valuation.ts';

type SourceCalls =
  | '/broker/fundTransfer/listBrokerAccountAvailableTransfer'
  | '/broker/fundTransfer/accountActions'
  | '/broker/fundTransfer/accounts'
  | '/broker/fundTransfer/queryTransferAvailable'
  | '/broker/transfer/organization'
  | '/broker/deposit/listWithdrawProduct'
  | '/broker/deposit/listWithdrawMethod'
  | '/broker/deposit/listWithdrawAddress';

/** Where an application may take money from and send it to: sub-accounts, balances, networks, whitelisted addresses. */
export function fundSourceHandlers(ctx: ApiContext): Pick<Handlers<BrokerFundCalls>, SourceCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/fundTransfer/listBrokerAccountAvailableTransfer': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const from = await accountOf(ctx.db, orgId, body.fromAccountId);
      const rows = await ctx.db.query<{ id: string; exchange_code: BrokerExchange; name: string; kind: 'regular' | 'custodial' | 'asset_management' }>(
        // A project's sub-accounts take no transfer (money moves in and out of them only through the project).
        `select a.id::text as id, a.exchange_code, a.name, a.kind from broker_accounts a where a.org_id = $1 and a.exchange_code = $2 and a.deleted_at is null
           and not exists (select 1 from broker_project_accounts r where r.account_id = a.id and r.unlinked_at is null) order by a.id`,
        [orgId, from.exchange_code],
      );
      return rows.map((r) => ({ brokerAccountId: r.id, exchangeCode: r.exchange_code, subAccountName: r.name, accountType: r.kind, sameAccount: r.id === from.id }));
    },

    '/broker/fundTransfer/accountActions': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, query.brokerAccountId);
      const free = await ctx.db.query<{ asset: string }>('select distinct asset from broker_balances where account_id = $1 and free > 0', [account.id]);
      const whitelisted = await ctx.db.query('select 1 from broker_addresses where org_id = $1 and exchange = $2 and status = $3 and deleted_at is null limit 1', [
        orgId,
        account.exchange_code,
        'whitelisted',
      ]);
      const offersWithdraw = BROKER_EXCHANGE_RULES[account.exchange_code].permissions.includes('withdraw');
      const noBalance = free.length === 0;
      // A project's sub-account: money leaves it only through the project (server/broker/README.md "Projects").
      if (await projectOfAccount(ctx.db, account.id)) {
        return {
          brokerAccountId: account.id,
          exchangeCode: account.exchange_code,
          actions: (['transfer', 'withdraw'] as const).map((action) => ({ action, enabled: false, reason: 'projectAccount' as const })),
        };
      }
      return {
        brokerAccountId: account.id,
        exchangeCode: account.exchange_code,
        actions: [
          { action: 'transfer' as const, enabled: !noBalance, reason: noBalance ? ('noBalance' as const) : null },
          {
            action: 'withdraw' as const,
            enabled: offersWithdraw && !noBalance && whitelisted.length > 0,
            reason: !offersWithdraw ? ('notOffered' as const) : noBalance ? ('noBalance' as const) : whitelisted.length === 0 ? ('noWhitelistedAddress' as const) : null,
          },
        ],
      };
    },

    '/broker/fundTransfer/accounts': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const accounts = await ctx.db.query<{ id: string; exchange_code: BrokerExchange; name: string; kind: 'regular' | 'custodial' | 'asset_management' }>(
        // A project's sub-accounts are no source: money leaves them only through the project.
        `select a.id::text as id, a.exchange_code, a.name, a.kind from broker_accounts a where a.org_id = $1 and a.deleted_at is null and ($2::text is null or a.exchange_code = $2)
           and not exists (select 1 from broker_project_accounts r where r.account_id = a.id and r.unlinked_at is null) order by a.id`,
        [orgId, query.exchangeCode ?? null],
      );
      const balances = await ctx.db.query<{ id: string; wallet: BrokerWallet; asset: string; free: string; locked: string }>(
        `select b.account_id::text as id, b.wallet, b.asset, b.free::text as free, b.locked::text as locked from broker_balances b
         where b.account_id = any($1::bigint[]) and b.free > 0 and ($2::text is null or b.asset = $2)
         order by b.account_id, array_position(array['spot', 'funding', 'earn', 'futures'], b.wallet), b.asset`,
        [accounts.map((a) => a.id), query.asset ?? null],
      );
      return accounts.map((a) => ({
        brokerAccountId: a.id,
        exchangeCode: a.exchange_code,
        subAccountName: a.name,
        accountType: a.kind,
        balances: balances.filter((b) => b.id === a.id).map((b) => ({ wallet: b.wallet, asset: b.asset, free: plain(b.free), locked: plain(b.locked) })),
      }));
    },

    '/broker/fundTransfer/queryTransferAvailable': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, query.brokerAccountId);
      const rows = await ctx.db.query<{ free: string; locked: string }>(
        'select free::text as free, locked::text as locked from broker_balances where account_id = $1 and wallet = $2 and asset = $3',
        [account.id, query.wallet, query.asset],
      );
      const free = rows[0]?.free ?? '0';
      return { brokerAccountId: account.id, wallet: query.wallet, asset: query.asset, free: plain(free), locked: plain(rows[0]?.locked ?? '0'), available: plain(free) };
    },

    '/broker/transfer/organization': async ({ auth }) => {
      const me = await member(auth.user.id);
      const members = await brokerMembers(ctx.db, me.orgId);
      const counts = await ctx.db.query<{ applying: number; others: number }>(
        `select count(*)::int as applying, (count(*) filter (where applicant_id <> $2))::int as others
         from broker_applications where org_id = $1 and status = 'applying'`,
        [me.orgId, auth.user.id],
      );
      return {
        orgId: me.orgId,
        members: members.map((m) => ({ email: m.email, role: m.role, isMe: m.userId === auth.user.id })),
        applying: counts[0]?.applying ?? 0,
        awaitingMe: counts[0]?.others ?? 0,
        canBeApproved: members.length > 1,
      };
    },

    '/broker/deposit/listWithdrawProduct': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, body.brokerAccountId);
      const balances = await ctx.db.query<{ wallet: BrokerWallet; asset: string; free: string }>(
        `select wallet, asset, free::text as free from broker_balances where account_id = $1 and free > 0
         order by array_position(array['spot', 'funding', 'earn', 'futures'], wallet)`,
        [account.id],
      );
      const assets = [...new Set(COIN_NETWORKS.map((n) => n.asset))].sort();
      return assets.map((asset) => ({
        asset,
        networks: COIN_NETWORKS.filter((n) => n.asset === asset).map((n) => n.network),
        balances: balances.filter((b) => b.asset === asset).map((b) => ({ wallet: b.wallet, free: plain(b.free) })),
      }));
    },

    '/broker/deposit/listWithdrawMethod': async ({ body, auth }) => {
      await member(auth.user.id);
      return COIN_NETWORKS.filter((n) => n.asset === body.asset).map((n) => ({
        network: n.network,
        label: NETWORKS[n.network].label,
        fee: n.withdrawFee,
        masterFee: '0',
        min: n.withdrawMin,
        max: n.withdrawMax,
        decimals: n.decimals,
      }));
    },

    '/broker/deposit/listWithdrawAddress': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const account = await accountOf(ctx.db, orgId, body.brokerAccountId);
      const rows = await whitelistedAddresses(ctx.db, orgId, account.exchange_code, body.asset, body.network);
      return rows.map((a) => ({ addressId: a.id, name: a.name, addressType: a.address_type, network: a.network, address: a.address, memo: a.memo }));
    },
  };
}
