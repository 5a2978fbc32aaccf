import { createHash } from 'node:crypto';
import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { BROKER_EXCHANGE_RULES, BROKER_EXCHANGES, BROKER_WALLETS, type BrokerWallet } from '../../contract/broker-rules.ts';
import { type BrokerAccount, type BrokerAccountCalls, brokerAccountCalls, type BrokerBalance } from '../../contract/broker.ts';
import { COIN_NETWORKS, addressFromBytes } from '../../contract/chains.ts';
import { checkCode, consumeCodes, issueCode } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { type Handlers, serveCalls } from '../platform/contract.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { findUserByEmail, normaliseEmail } from '../identity/users.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import type { Simulator } from '../sim/index.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { ACCOUNT_COLUMNS, type AccountRow, accountOf, loginEmail, openBrokerAccount } from './accounts.ts';
import { keyHandlers } from './keys.ts';
import { projectOfAccount } from './projects/store.ts';
import { addBrokerMember, brokerMember, type BrokerMember } from './org.ts';
import { loadSecretBox } from './secrets.ts';
import { plain, sumBy, type ValuedRow, Valuer } from './valuation.ts';

/**
 * The broker calls of issue 14's first half: sub-accounts, their balances per wallet, API keys (keys.ts), deposit
 * addresses and the exchanges' configuration (contract/broker.ts; server/broker/README.md). Every call starts with
 * `brokerMember` (403 without broker rights) and reaches only the caller's organisation's rows.
 */

type AccountView = Static<typeof BrokerAccount>;
type BalanceView = Static<typeof BrokerBalance>;

const MANAGER_CODE = 'brokerManager';

/** The three calls of the account-manager confirmation are the organisation owner's. */
function requireOwner(member: BrokerMember): void {
  if (member.role !== 'owner') throw new ApiError(Code.forbidden);
}

export async function brokerAccountRoutes(ctx: ApiContext, app: FastifyInstance, sim: Simulator): Promise<void> {
  const valuer = new Valuer(sim);
  const secrets = await loadSecretBox(ctx.db, nowDate(ctx));
  const member = (userId: number) => brokerMember(ctx.db, userId);

  /** Account views with their key counts and values, in the order given. */
  const accountViews = async (orgId: string, rows: AccountRow[]): Promise<AccountView[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const keys = await ctx.db.query<{ id: string; n: number }>(
      `select account_id::text as id, count(*)::int as n from broker_exchange_keys where account_id = any($1::bigint[]) and deleted_at is null group by 1`,
      [ids],
    );
    const keyCount = new Map(keys.map((k) => [k.id, k.n]));
    const values = sumBy(rows.length === 1 ? await valuer.rows(ctx.db, orgId, { accountId: rows[0]!.id }) : await valuer.rows(ctx.db, orgId), (r) => r.accountId);
    return rows.map((r) => ({
      brokerAccountId: r.id,
      exchangeCode: r.exchange_code,
      accountType: r.kind,
      subAccountName: r.name,
      subAccountUid: r.uid,
      loginEmail: loginEmail(r),
      remark: r.remark,
      apiKeyCount: keyCount.get(r.id) ?? 0,
      totalValueUsdt: plain(values.get(r.id) ?? ZERO),
      createdBy: r.created_by_email,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    }));
  };
  const accountView = async (orgId: string, row: AccountRow) => (await accountViews(orgId, [row]))[0]!;

  const balanceView = (r: ValuedRow): BalanceView => ({
    brokerAccountId: r.accountId,
    exchangeCode: r.exchange,
    subAccountName: r.name,
    wallet: r.wallet,
    asset: r.asset,
    free: plain(r.free),
    locked: plain(r.locked),
    total: plain(r.total),
    price: plain(r.price),
    valueUsdt: plain(r.value),
  });

  /** One wallet's balance page (account/capital/*Page): a sub-account's, or with none named every one's. */
  const walletPage = (wallet: BrokerWallet) =>
    (async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      if (q.brokerAccountId) await accountOf(ctx.db, orgId, q.brokerAccountId);
      const rows = await valuer.rows(ctx.db, orgId, { wallet, accountId: q.brokerAccountId, exchange: q.exchangeCode, asset: q.asset, hideZero: q.hideZero });
      const { pageNum, pageSize } = body.pageCondition;
      return {
        list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize).map(balanceView),
        total: rows.length,
        pageNum,
        pageSize,
        totalValueUsdt: plain(rows.reduce((sum, r) => sum.add(r.value), ZERO)),
      };
    }) satisfies Handlers<BrokerAccountCalls>['/broker/account/capital/spotPage'];

  const subAccountCounts = async (orgId: string) => {
    const rows = await ctx.db.query<{ exchange_code: string; n: number }>(
      'select exchange_code, count(*)::int as n from broker_accounts where org_id = $1 and deleted_at is null group by 1',
      [orgId],
    );
    return new Map(rows.map((r) => [r.exchange_code, r.n]));
  };

  /** The invited user behind an e-mail, checked for the owner's organisation. */
  const invitee = async (tx: Queryable, orgId: string, email: string) => {
    const user = await findUserByEmail(tx, normaliseEmail(email));
    if (!user) throw new ApiError(Code.managerNotEligible, { reason: 'notRegistered' });
    if (!user.broker_agreed_at) throw new ApiError(Code.managerNotEligible, { reason: 'noBrokerRights' });
    const current = (await tx.query<{ org_id: string }>('select org_id::text as org_id from broker_members where user_id = $1', [user.id]))[0];
    if (current?.org_id === orgId) throw new ApiError(Code.managerNotEligible, { reason: 'alreadyMember' });
    if (current) {
      // A user moves from an organisation of their own only while it is theirs alone and holds no sub-account. Its
      // row is locked first, as opening a sub-account locks it, so none can be opened there while the user moves.
      await tx.query('select id from broker_orgs where id = $1 for update', [current.org_id]);
      const others = await tx.query('select 1 from broker_members where org_id = $1 and user_id <> $2 limit 1', [current.org_id, user.id]);
      const accounts = await tx.query('select 1 from broker_accounts where org_id = $1 and deleted_at is null limit 1', [current.org_id]);
      if (others[0] || accounts[0]) throw new ApiError(Code.managerNotEligible, { reason: 'otherOrganisation' });
    }
    return user;
  };
  const pendingInvite = async (db: Queryable, orgId: string, userId: number) => {
    const rows = await db.query<{ invited_at: Date }>(
      "select invited_at from broker_manager_invites where org_id = $1 and user_id = $2 and status = 'pending'",
      [orgId, userId],
    );
    if (!rows[0]) throw new ApiError(Code.managerNotEligible, { reason: 'notInvited' });
    return rows[0];
  };

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

  serveCalls(ctx, app, brokerAccountCalls, {
    '/broker/account/pageBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      const where = ['a.org_id = $1', 'a.deleted_at is null'];
      const params: unknown[] = [orgId];
      if (q.exchangeCode) where.push(`a.exchange_code = $${params.push(q.exchangeCode)}`);
      if (q.accountType) where.push(`a.kind = $${params.push(q.accountType)}`);
      if (q.keyword) {
        const n = params.push(`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`);
        where.push(`(lower(a.name) like $${n} or lower(a.remark) like $${n} or a.uid like $${n})`);
      }
      const total = (await ctx.db.query<{ n: number }>(`select count(*)::int as n from broker_accounts a where ${where.join(' and ')}`, params))[0]!.n;
      const { pageNum, pageSize } = body.pageCondition;
      const rows = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where ${where.join(' and ')} order by a.id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`,
        params,
      );
      return { list: await accountViews(orgId, rows), total, pageNum, pageSize };
    },

    '/broker/account/list': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const rows = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.deleted_at is null and ($2::text is null or a.exchange_code = $2)
         order by a.id`,
        [orgId, body.exchangeCode ?? null],
      );
      return rows.map((r, i) => ({ brokerAccountId: r.id, exchangeCode: r.exchange_code, accountType: r.kind, subAccountName: r.name, remark: r.remark, sortIndex: i + 1 }));
    },

    '/broker/account/insertBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const { account } = await ctx.db.transaction((tx) =>
        openBrokerAccount(
          tx,
          { orgId, userId: auth.user.id, exchange: body.exchangeCode, kind: body.accountType, name: body.subAccountName, remark: body.remark ?? '', requestId: body.requestId },
          at,
        ),
      );
      return accountView(orgId, account);
    },

    '/broker/account/getBrokerAccountId': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return accountView(orgId, await accountOf(ctx.db, orgId, body.brokerAccountId));
    },

    '/broker/account/updateBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const row = await ctx.db.transaction(async (tx) => {
        await accountOf(tx, orgId, body.brokerAccountId, true);
        await tx.query('update broker_accounts set remark = $2, updated_at = $3 where id = $1', [body.brokerAccountId, body.remark, nowDate(ctx)]);
        return accountOf(tx, orgId, body.brokerAccountId);
      });
      return accountView(orgId, row);
    },

    '/broker/account/delete': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        const row = await accountOf(tx, orgId, body.brokerAccountId, true);
        // A project's sub-account stays bound while it is the project's (issue 15: money leaves it only through the project).
        const projectNo = await projectOfAccount(tx, row.id);
        if (projectNo) throw new ApiError(Code.projectAccountLocked, { projectNo });
        const balances = await tx.query<{ wallet: BrokerWallet; asset: string; free: string; locked: string }>(
          `select wallet, asset, free::text as free, locked::text as locked from broker_balances
           where account_id = $1 and (free <> 0 or locked <> 0) order by wallet, asset`,
          [row.id],
        );
        // Held by an application being approved: decide it first.
        if (balances.some((b) => !new D(b.locked).isZero())) throw new ApiError(Code.walletState, { brokerAccountId: row.id });
        // Unbinding leaves the money on the exchange: the sub-account's balances go back to `exchange:<code>`.
        const entry = new Entry('broker_account_unbind', `broker_account:${row.id}`, auth.user.id, row.id);
        for (const b of balances) entry.broker(row.id, b.wallet, b.asset, new D(b.free).neg()).provider(`exchange:${row.exchange_code}`, b.asset, new D(b.free));
        await post(tx, entry, at);
        const keys = await tx.query('update broker_exchange_keys set deleted_at = $2, updated_at = $2 where account_id = $1 and deleted_at is null returning id', [row.id, at]);
        await tx.query('update broker_accounts set deleted_at = $2, updated_at = $2 where id = $1', [row.id, at]);
        return {
          brokerAccountId: row.id,
          released: balances.map((b) => ({ wallet: b.wallet, asset: b.asset, amount: plain(b.free) })),
          deletedKeys: keys.length,
        };
      });
    },

    '/broker/account/checkIsExistMasterApi': async ({ body, auth }) => {
      await member(auth.user.id);
      return { exchangeCode: body.exchangeCode, exist: BROKER_EXCHANGE_RULES[body.exchangeCode].masterApi };
    },

    '/broker/account/allEmail': async ({ auth }) => {
      const { orgId } = await member(auth.user.id);
      const rows = await ctx.db.query<{ email: string; role: 'owner' | 'member'; joined_at: Date }>(
        `select u.email, m.role, m.joined_at from broker_members m join users u on u.id = m.user_id
         where m.org_id = $1 order by (m.role = 'owner') desc, m.joined_at, m.user_id`,
        [orgId],
      );
      return rows.map((r) => ({ email: r.email, role: r.role, joinedAt: r.joined_at.toISOString() }));
    },

    '/broker/account/getLoginInfo': async ({ auth }) => {
      const me = await member(auth.user.id);
      const owner = await ctx.db.query<{ email: string; members: number }>(
        `select u.email, (select count(*)::int from broker_members where org_id = o.id) as members
         from broker_orgs o join users u on u.id = o.owner_user_id where o.id = $1`,
        [me.orgId],
      );
      const invites = await ctx.db.query<{ email: string; invited_at: Date }>(
        `select u.email, i.invited_at from broker_manager_invites i join users u on u.id = i.user_id
         where i.org_id = $1 and i.status = 'pending' order by i.invited_at`,
        [me.orgId],
      );
      return {
        email: auth.user.email,
        role: me.role,
        orgId: me.orgId,
        ownerEmail: owner[0]?.email ?? auth.user.email,
        memberCount: owner[0]?.members ?? 1,
        pendingInvites: invites.map((i) => ({ email: i.email, status: 'pending' as const, invitedAt: i.invited_at.toISOString() })),
      };
    },

    '/broker/account/submitAccountManager': async ({ body, auth }) => {
      const me = await member(auth.user.id);
      requireOwner(me);
      const at = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        const user = await invitee(tx, me.orgId, body.email);
        await tx.query(
          `insert into broker_manager_invites (org_id, user_id, invited_by, status, invited_at) values ($1, $2, $3, 'pending', $4)
           on conflict (org_id, user_id) do update set status = 'pending', invited_by = excluded.invited_by, invited_at = excluded.invited_at, confirmed_at = null`,
          [me.orgId, user.id, auth.user.id, at],
        );
        return { email: user.email, status: 'pending' as const, invitedAt: at.toISOString() };
      });
    },

    '/broker/account/invokeAccountManager': async ({ body, auth }) => {
      const me = await member(auth.user.id);
      requireOwner(me);
      const user = await invitee(ctx.db, me.orgId, body.email);
      await pendingInvite(ctx.db, me.orgId, user.id);
      const { uuid } = await issueCode(ctx, {
        channel: 'email',
        destination: user.email_lower,
        businessType: MANAGER_CODE,
        userId: user.id,
        account: auth.user.email_lower,
        ip: auth.ip,
      });
      return { uuid };
    },

    '/broker/account/confirmAccountManager': async ({ body, auth }) => {
      const me = await member(auth.user.id);
      requireOwner(me);
      const user = await invitee(ctx.db, me.orgId, body.email);
      await pendingInvite(ctx.db, me.orgId, user.id);
      const uuid = await checkCode(ctx, {
        channel: 'email',
        uuid: body.emailUuid || undefined,
        code: body.emailCode,
        businessTypes: [MANAGER_CODE],
        destination: user.email_lower,
        userId: user.id,
      });
      const at = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        await consumeCodes(ctx, tx, [uuid]);
        // Checked again inside the transaction: the user may have joined elsewhere meanwhile.
        await invitee(tx, me.orgId, body.email);
        await addBrokerMember(tx, me.orgId, user.id, at);
        await tx.query("update broker_manager_invites set status = 'confirmed', confirmed_at = $3 where org_id = $1 and user_id = $2", [me.orgId, user.id, at]);
        return { email: user.email, role: 'member' as const, joinedAt: at.toISOString() };
      });
    },

    '/broker/account/capital/spotPage': walletPage('spot'),
    '/broker/account/capital/fundingPage': walletPage('funding'),
    '/broker/account/capital/earnPage': walletPage('earn'),
    '/broker/account/capital/futuresPage': walletPage('futures'),

    '/broker/account/capital/spotFuturesTotalBalance': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if (body.brokerAccountId) await accountOf(ctx.db, orgId, body.brokerAccountId);
      const at = nowDate(ctx);
      const rows = await valuer.rows(ctx.db, orgId, { accountId: body.brokerAccountId, exchange: body.exchangeCode });
      const accounts = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.deleted_at is null
         and ($2::bigint is null or a.id = $2) and ($3::text is null or a.exchange_code = $3) order by a.id`,
        [orgId, body.brokerAccountId ?? null, body.exchangeCode ?? null],
      );
      const byWallet = (subset: readonly ValuedRow[]) => {
        const sums = sumBy(subset, (r) => r.wallet);
        return BROKER_WALLETS.map((wallet) => ({ wallet, valueUsdt: plain(sums.get(wallet) ?? ZERO) }));
      };
      const total = rows.reduce((sum, r) => sum.add(r.value), ZERO);
      const byExchange = sumBy(rows, (r) => r.exchange);
      const byAsset = new Map<string, { total: Decimal; price: Decimal; value: Decimal }>();
      for (const r of rows) {
        const a = byAsset.get(r.asset) ?? { total: ZERO, price: r.price, value: ZERO };
        byAsset.set(r.asset, { total: a.total.add(r.total), price: r.price, value: a.value.add(r.value) });
      }
      return {
        totalValueUsdt: plain(total),
        wallets: byWallet(rows),
        accounts: accounts.map((a) => {
          const own = rows.filter((r) => r.accountId === a.id);
          return {
            brokerAccountId: a.id,
            exchangeCode: a.exchange_code,
            subAccountName: a.name,
            accountType: a.kind,
            totalValueUsdt: plain(own.reduce((sum, r) => sum.add(r.value), ZERO)),
            wallets: byWallet(own),
          };
        }),
        exchanges: BROKER_EXCHANGES.filter((e) => byExchange.has(e)).map((e) => ({ exchangeCode: e, totalValueUsdt: plain(byExchange.get(e)!) })),
        assets: [...byAsset.entries()]
          .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
          .map(([asset, a]) => ({ asset, total: plain(a.total), price: plain(a.price), valueUsdt: plain(a.value) })),
        valuedAt: at.toISOString(),
      };
    },

    ...keyHandlers(ctx, secrets),

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

    '/broker/subAccount/type/queryUserConfig': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const counts = await subAccountCounts(orgId);
      return BROKER_EXCHANGES.filter((e) => !body.exchangeCode || e === body.exchangeCode).map((e) => ({
        exchangeCode: e,
        subAccountTypes: [...BROKER_EXCHANGE_RULES[e].kinds],
        maxSubAccounts: BROKER_EXCHANGE_RULES[e].maxSubAccounts,
        subAccountCount: counts.get(e) ?? 0,
      }));
    },

    '/broker/masterAccountConfig/getMasterConfigList': async ({ auth }) => {
      const { orgId } = await member(auth.user.id);
      const counts = await subAccountCounts(orgId);
      return BROKER_EXCHANGES.map((e) => {
        const rule = BROKER_EXCHANGE_RULES[e];
        return {
          exchangeCode: e,
          masterApi: rule.masterApi,
          subAccountTypes: [...rule.kinds],
          permissions: [...rule.permissions],
          passphraseRequired: rule.passphrase,
          maxSubAccounts: rule.maxSubAccounts,
          maxKeysPerAccount: rule.maxKeysPerAccount,
          subAccountCount: counts.get(e) ?? 0,
        };
      });
    },
  });
}
