import type { FastifyInstance } from 'fastify';
import { lightningCalls } from '../../../contract/lightning.ts';
import { TOP_LEVERAGE } from '../../../contract/futures.ts';
import { ACCOUNT_TYPE_CODES, type TransferDirection } from '../../../contract/accounts.ts';
import { nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { futuresAccount } from '../account.ts';
import { D, min, out, parseAmount, type Dec } from '../../platform/decimal.ts';
import { insufficient } from '../../platform/refusals.ts';
import { planPage, rowIdOf, toPage } from '../paging.ts';
import { Entry, post, TRANSFER_ROUTES } from '../../ledger/ledger.ts';
import { Account, balance, balances, setSetting, settings, type AccountType } from '../store.ts';
import { acting, checkNotFrozen, keyIdOf, type TradeContext } from './common.ts';
import { traderHandlers } from './lightning-traders.ts';
import { SIM_VENUES } from '../../sim/index.ts';
import { ledgerAccount, listAccounts, setDefaultAccount, VENUE_NAMES, type TradeAcct } from '../venue-accounts.ts';
import type { MarketView } from '../markets.ts';

type Direction = TransferDirection;

const ROUTES: Record<Direction, readonly [AccountType, AccountType]> = TRANSFER_ROUTES;

/** Transfer amounts: at most 8 decimals (spec §5 "a helper flags numbers with more than 8 decimals"). */
const TRANSFER_DECIMALS = 8;
const LIGHTNING_MAX = 20;

/** What can leave an account: the free balance; from the USD-M account, no more than its available balance. */
async function transferable(tx: Queryable, view: MarketView, a: TradeAcct, from: AccountType, asset: string, lock = false): Promise<Dec> {
  const row = await balance(tx, a.userId, ledgerAccount(a.venue, from), asset, lock);
  if (from !== Account.swap || asset !== 'USDT') return row.free;
  return min(row.free, (await futuresAccount(tx, view, a)).available);
}

/**
 * spec §7 lightning futures: options, saved configurations, trader, transfers; balances per account type (spec §3),
 * declared in contract/lightning.ts.
 */
export function lightningRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx } = t;

  serveCalls(ctx, app, lightningCalls, {
    // spec §7 updatePermissions, delTraders, permissionsList: the owner's traders (lightning-traders.ts).
    ...traderHandlers(ctx),
    // spec §3 session / §4 account list: one account per simulated venue, Binance's (sort index 1) the default.
    // positionSide and multiAssetsMargin are the default account's.
    '/broker/lightning/queryBrokerOptions': async ({ auth }) => {
      const mode = await settings(ctx.db, auth.user.id);
      return {
        exchangeList: SIM_VENUES.map((v) => ({ exchangeCode: v, exchangeName: VENUE_NAMES[v] })),
        accountList: await listAccounts(ctx.db, auth.user.id, nowDate(ctx)),
        positionSide: mode.positionSide,
        multiAssetsMargin: mode.multiAssets,
        // spec §3 leverage state / §9: default top leverage 100.
        topLeverage: TOP_LEVERAGE,
      };
    },

    '/broker/lightning/setDefaultAccount': async ({ body, auth }) => {
      await t.engine.run((tx) => setDefaultAccount(tx, auth.user.id, body.keyId));
      return { keyId: body.keyId };
    },

    '/broker/lightning/queryLightningList': async ({ auth }) => {
      const rows = await ctx.db.query<{ id: number; config: string; created_at: Date }>(
        'select id, config, created_at from lightning_configs where user_id = $1 order by id',
        [auth.user.id],
      );
      const active = (await settings(ctx.db, auth.user.id)).activeLightningId;
      return {
        dataList: rows.map((r) => ({ id: String(r.id), config: JSON.parse(r.config) as unknown, createdAt: r.created_at.toISOString() })),
        activeId: rows.some((r) => r.id === active) ? String(active) : null,
      };
    },

    '/broker/lightning/addLightning': async ({ body, auth }) => {
      const text = JSON.stringify(body.config);
      if (text.length > 4000) throw badInput('config', 'maxLength', 'The configuration is above 4000 characters');
      return t.engine.run(async (tx) => {
        const count = await tx.query<{ n: number }>('select count(*)::int as n from lightning_configs where user_id = $1', [auth.user.id]);
        if ((count[0]?.n ?? 0) >= LIGHTNING_MAX) throw badInput('config', 'max', `At most ${LIGHTNING_MAX} configurations`);
        const rows = await tx.query<{ id: number }>(
          'insert into lightning_configs (user_id, config, created_at) values ($1, $2, $3) returning id',
          [auth.user.id, text, nowDate(ctx)],
        );
        return { id: String(rows[0]!.id) };
      });
    },

    '/broker/lightning/delLightning': async ({ body, auth }) => {
      const rows = await ctx.db.query('delete from lightning_configs where user_id = $1 and id = $2 returning id', [auth.user.id, rowIdOf('id', body.id)]);
      if (rows.length === 0) throw badInput('id', 'unknown', 'Unknown configuration');
      return null;
    },

    '/broker/lightning/memoryLightning': async ({ body, auth }) => {
      const id = body.id === null ? null : rowIdOf('id', body.id);
      if (id !== null) {
        const rows = await ctx.db.query('select 1 from lightning_configs where user_id = $1 and id = $2', [auth.user.id, id]);
        if (rows.length === 0) throw badInput('id', 'unknown', 'Unknown configuration');
      }
      await setSetting(ctx.db, auth.user.id, 'active_lightning_id', id, nowDate(ctx));
      return { activeId: id === null ? null : String(id) };
    },

    '/broker/lightning/trader/register': async ({ auth }) => {
      const current = await settings(ctx.db, auth.user.id);
      const at = current.traderRegisteredAt ?? nowDate(ctx);
      if (!current.traderRegisteredAt) await setSetting(ctx.db, auth.user.id, 'trader_registered_at', at, at);
      return { registered: true as const, keyId: keyIdOf(auth), registeredAt: at.toISOString() };
    },

    '/broker/lightning/trader/query': async ({ auth }) => {
      const at = (await settings(ctx.db, auth.user.id)).traderRegisteredAt;
      return { registered: at !== null, keyId: keyIdOf(auth), registeredAt: at?.toISOString() ?? null };
    },

    '/broker/lightning/transfer/queryTransferAvailable': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const [from, to] = ROUTES[body.type];
      await engine.settled();
      const available = await transferable(ctx.db, engine.view, a, from, body.asset);
      return { asset: body.asset, type: body.type, from, to, available: out(available) };
    },

    // Between the wallet (capital, 1) and the account's trade (2) or swap (3), or the account's trade and swap: the
    // account's venue's ledger accounts (venue-accounts.ts ledgerAccount).
    '/broker/lightning/transfer/submit': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const [from, to] = ROUTES[body.type];
      // spec §4 freeze: a transfer is neither a withdrawal nor an exchange, but money out of the USD-M account frees
      // margin, which raises the risk of open positions: refused to a frozen account, as removing margin is.
      if (from === Account.swap) checkNotFrozen(auth);
      const amount = parseAmount('amount', body.amount, TRANSFER_DECIMALS, 'decimals');
      // The sandbox's USD-M account is a USDT account (spec §7 account query: assetSymbolList [USDT]).
      if ((from === Account.swap || to === Account.swap) && body.asset !== 'USDT') throw badInput('asset', 'swapAsset', 'The USD-M account holds USDT only');
      return engine.run(async (tx) => {
        // Inside the engine's queue: two copies of one request cannot both pass this check.
        if (body.requestId) {
          const prior = (await tx.query<{ id: number; asset: string; amount: string; direction: string; created_at: Date }>(
            'select id, asset, amount::text as amount, direction, created_at from trade_transfers where user_id = $1 and venue = $2 and request_id = $3',
            [a.userId, a.venue, body.requestId],
          ))[0];
          if (prior) {
            if (prior.asset !== body.asset || prior.direction !== body.type || !new D(prior.amount).eq(amount)) {
              throw new ApiError(Code.requestIdReused, { transferId: String(prior.id) });
            }
            return { transferId: String(prior.id), asset: prior.asset, amount: out(new D(prior.amount)), type: body.type, from, to, time: prior.created_at.toISOString() };
          }
        }
        if (amount.gt(await transferable(tx, engine.view, a, from, body.asset, true))) throw insufficient(body.asset);
        const rows = await tx.query<{ id: number; created_at: Date }>(
          'insert into trade_transfers (user_id, asset, amount, direction, created_at, request_id, venue) values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at',
          [a.userId, body.asset, amount.toFixed(), body.type, nowDate(ctx), body.requestId ?? null, a.venue],
        );
        const [fromLedger, toLedger] = [ledgerAccount(a.venue, from), ledgerAccount(a.venue, to)];
        await post(
          tx,
          new Entry('transfer', `transfer:${rows[0]!.id}`, a.userId).user(a.userId, fromLedger, body.asset, amount.neg()).user(a.userId, toLedger, body.asset, amount),
          nowDate(ctx),
        );
        return { transferId: String(rows[0]!.id), asset: body.asset, amount: out(amount), type: body.type, from, to, time: rows[0]!.created_at.toISOString() };
      });
    },

    '/broker/lightning/transfer/pageTransfer': async ({ body, auth }) => {
      const { a } = await acting(t, auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      const params: unknown[] = [a.userId, a.venue];
      let where = 'user_id = $1 and venue = $2';
      if (body.queryCondition?.asset) {
        params.push(body.queryCondition.asset);
        where += ` and asset = $${params.length}`;
      }
      if (body.queryCondition?.type) {
        params.push(body.queryCondition.type);
        where += ` and direction = $${params.length}`;
      }
      const plan = planPage(body.cursorCondition, params.length);
      // The direction column holds only the codes the submit call took (TransferDirection).
      const rows = await ctx.db.query<{ id: number; asset: string; amount: string; direction: Direction; created_at: Date }>(
        `select * from trade_transfers where ${where}${plan.where} order by ${plan.order} limit ${plan.limit}`,
        [...params, ...plan.params],
      );
      return toPage(rows, plan, (r) => ({ transferId: String(r.id), asset: r.asset, amount: out(new D(r.amount)), type: r.direction, time: r.created_at.toISOString() }), plan.params.length > 0);
    },

    // Balances per account type (spec §3: capital_account 1, trade_account 2, swap_account 3).
    '/broker/account/balance/query': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      await engine.settled();
      const types = body.accountType ? [body.accountType] : ACCOUNT_TYPE_CODES;
      const result = [];
      for (const accountType of types) {
        const rows = await balances(ctx.db, a.userId, ledgerAccount(a.venue, accountType));
        result.push({ accountType, balances: rows.map((r) => ({ asset: r.asset, free: out(r.free), locked: out(r.locked) })) });
      }
      return result;
    },
  });
}
