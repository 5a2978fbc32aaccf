import { randomBytes } from 'node:crypto';
import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { type ConvertCalls, convertCalls, convertDevCalls, type ConvertOrder, type FirmQuote } from '../../contract/convert.ts';
import { type ConvertKind, CONVERT_QUOTE_TTL_MS, convertKind } from '../../contract/convert-rules.ts';
import { fiatDay } from '../../contract/fiat.ts';
import { KYC_LEVEL_FOR } from '../../contract/rules.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { kycState } from '../identity/kyc.ts';
import { refuseIfFrozen } from '../identity/freeze-guard.ts';
import type { UserRow } from '../identity/users.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D, db, out } from '../platform/decimal.ts';
import type { MarketView } from '../trade/index.ts';
import { balances } from '../ledger/balances.ts';
import { Account } from '../ledger/ledger.ts';
import { pageQuery, recordOrder } from '../platform/records.ts';
import { rankedPage, rankGroup } from '../platform/record-ranks.ts';
import { columns } from '../platform/rows.ts';
import { timeWindow } from '../platform/time-window.ts';
import { CONVERT_ASSETS, type ConvertAssetConfig, convertAsset, DESK, DeskPricer, fixedSide, NoLiquidity, priceConvert, type Priced, type QuoteRequest } from './pricing.ts';

type Quote = Static<typeof FirmQuote>;
type Order = Static<typeof ConvertOrder>;

/** What a quote and the order that fills it store alike: the pair, both amounts and the prices. */
interface FillRow {
  quote_id: string;
  kind: ConvertKind;
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
  price: string;
  inverse_price: string;
  spread: string;
  created_at: Date;
}

interface QuoteRow extends FillRow {
  user_id: number;
  market_price: string;
  fixed: 'from' | 'to';
  usd_value: string;
  status: 'open' | 'filled';
  expires_at: Date;
}

interface OrderRow extends FillRow {
  id: string;
  request_id: string;
}

const ORDER_COLUMNS = `id::text as id, quote_id, request_id, kind, from_asset, to_asset, from_amount::text as from_amount, to_amount::text as to_amount,
  price::text as price, inverse_price::text as inverse_price, spread::text as spread, created_at`;

const plain = (value: Decimal | string) => new D(value).toFixed();

function orderView(r: OrderRow): Order {
  return {
    orderId: r.id,
    ...columns(r, ['quote_id', 'kind', 'from_asset', 'to_asset']),
    ...columns(r, ['from_amount', 'to_amount', 'price', 'inverse_price', 'spread'], plain),
    status: 'success',
    createdAt: r.created_at.toISOString(),
  };
}

/** spec §6: convert needs KYC (basic for coin, advanced for fiat) and a bound Google authenticator; operations may switch it off; a frozen account may not exchange (§4). */
export async function checkMayConvert(ctx: ApiContext, user: UserRow, kind: ConvertKind): Promise<void> {
  if (user.disabled_features.includes('convert')) throw new ApiError(Code.serviceSuspended, { feature: 'convert' });
  const level = KYC_LEVEL_FOR[kind === 'coin' ? 'convertCoin' : 'convertFiat'];
  const kyc = await kycState(ctx.db, user.id);
  if (kyc[level].status !== 'Certified') throw new ApiError(Code.kycState, { level });
  refuseIfFrozen(user);
  if (!user.ga_secret) throw new ApiError(Code.gaState, { required: 'bound' });
}

/**
 * spec §6: operations may switch a convert pair off (`/_dev/convert/disabledPair`): 10252 'This pair is suspended'.
 * Asked by every call that prices or fills the pair — the indicative and firm quotes, and the order again inside its
 * transaction, so a pair switched off after its firm quote fills nothing.
 */
async function checkPairOpen(q: Queryable, fromAsset: string, toAsset: string): Promise<void> {
  const disabled = await q.query('select 1 from convert_disabled_pairs where from_asset = $1 and to_asset = $2', [fromAsset, toAsset]);
  if (disabled.length > 0) throw new ApiError(Code.pairDisabled, { fromAsset, toAsset });
}

async function disabledPairs(q: Queryable): Promise<{ fromAsset: string; toAsset: string }[]> {
  const rows = await q.query<{ from_asset: string; to_asset: string }>('select from_asset, to_asset from convert_disabled_pairs order by from_asset, to_asset');
  return rows.map((r) => ({ fromAsset: r.from_asset, toAsset: r.to_asset }));
}

/** Today's (Hong Kong day) limit in USD: what is used and what is left. */
async function dailyUsage(q: Queryable, userId: number, now: Date) {
  const { day, resetsAt } = fiatDay(now);
  const rows = await q.query<{ used: string }>('select used_usd::text as used from convert_daily_usage where user_id = $1 and day = $2', [userId, day]);
  const used = new D(rows[0]?.used ?? 0);
  return { day, resetsAt, used, remaining: D.max(0, DESK.dailyLimitUsd.sub(used)) };
}

const usd = (value: Decimal) => out(value, 2);

/** The pair and the fixed side of a quote request, checked (spec §5 amounts), then priced from the books. */
async function price(ctx: ApiContext, pricer: DeskPricer, body: QuoteRequest): Promise<{ kind: ConvertKind; from: ConvertAssetConfig; to: ConvertAssetConfig; priced: Priced }> {
  const from = convertAsset(body.fromAsset);
  if (!from) throw badInput('fromAsset', 'unsupported', `${body.fromAsset} is not converted`);
  const to = convertAsset(body.toAsset);
  if (!to) throw badInput('toAsset', 'unsupported', `${body.toAsset} is not converted`);
  const kind = convertKind(from.asset, to.asset);
  if (!kind) throw badInput('toAsset', 'pair', `${from.asset} does not convert to ${to.asset}`);
  const { side, amount } = fixedSide(body, from, to);
  const field = `${side}Amount`;
  await checkPairOpen(ctx.db, from.asset, to.asset);
  let priced: Priced;
  try {
    priced = priceConvert(pricer, DESK.spread[kind], from, to, { side, amount });
  } catch (error) {
    if (error instanceof NoLiquidity) throw new ApiError(Code.quoteUnavailable, { fromAsset: from.asset, toAsset: to.asset });
    throw error;
  }
  // spec §5 "The exchange has a minimum sell or purchase amount": the from side within its per-order range.
  if (priced.fromAmount.lt(from.minAmount) || priced.fromAmount.gt(from.maxAmount)) {
    throw new ApiError(Code.amountOutOfRange, { field, asset: from.asset, min: from.minAmount, max: from.maxAmount, fromAmount: priced.fromAmount.toFixed() });
  }
  return { kind, from, to, priced };
}

function quoteFields(kind: ConvertKind, from: string, to: string, p: Priced, fixed: 'from' | 'to', now: Date) {
  return {
    fromAsset: from,
    toAsset: to,
    kind,
    fromAmount: p.fromAmount.toFixed(),
    toAmount: p.toAmount.toFixed(),
    price: p.price.toFixed(),
    inversePrice: p.inversePrice.toFixed(),
    marketPrice: p.marketPrice.toFixed(),
    spread: p.spread.toFixed(),
    fixed,
    serverTime: now.toISOString(),
  };
}

function quoteView(r: QuoteRow, now: Date): Quote {
  return {
    ...columns(r, ['quote_id', 'from_asset', 'to_asset', 'kind']),
    ...columns(r, ['from_amount', 'to_amount', 'price', 'inverse_price', 'market_price', 'spread'], plain),
    fixed: r.fixed,
    serverTime: now.toISOString(),
    expiresAt: r.expires_at.toISOString(),
  };
}

/**
 * Instant convert (contract/convert.ts; server/README.md "Convert"). Quotes are stored; an order fills
 * its quote once, in one transaction: the quote moves from open to filled by a conditional update (parallel
 * orders on one quote: exactly one finds it open), the day's limit is counted by a conditional upsert, and the
 * ledger entry moves both sides between the user's capital account and the provider's desk. Any refusal —
 * expired, used, over the limit, insufficient balance — rolls the whole transaction back: nothing moves.
 */
export function convertRoutes(ctx: ApiContext, app: FastifyInstance, view: MarketView, devRoutes: boolean): void {
  const pricer = new DeskPricer(view);
  const assetsOf = (type: 'digital' | 'fiat') =>
    CONVERT_ASSETS.filter((a) => a.type === type).map(({ asset, decimals, minAmount, maxAmount }) => ({ asset, type, decimals, minAmount, maxAmount }));
  const capital = async (userId: number) => new Map((await balances(ctx.db, userId, Account.capital)).map((b) => [b.asset, b.free]));

  serveCalls<ConvertCalls>(ctx, app, convertCalls, {
    '/institution/listExchangeAssetByType': async ({ body }) => assetsOf(body.type),
    '/institution/listAllConvertAsset': async () => ({ digitalAssets: assetsOf('digital'), fiatAssets: assetsOf('fiat') }),
    '/institution/listConvertAssetBalanceByType': async ({ body, auth }) => {
      const free = await capital(auth.user.id);
      return assetsOf(body.type).map(({ asset }) => ({ asset, available: out(free.get(asset) ?? new D(0)) }));
    },
    '/institution/listUserAvailableMoney': async ({ auth }) => {
      const free = await capital(auth.user.id);
      let total = new D(0);
      const list = CONVERT_ASSETS.map(({ asset }) => {
        const available = free.get(asset) ?? new D(0);
        const value = pricer.holdingUsd(asset, available);
        total = total.add(value);
        return { asset, available: out(available), usdValue: usd(value) };
      });
      return { list, totalUsd: usd(total) };
    },
    '/institution/queryUserAvailableCapital': async ({ body, auth }) => {
      if (!convertAsset(body.asset)) throw badInput('asset', 'unsupported', `${body.asset} is not converted`);
      const free = await capital(auth.user.id);
      return { asset: body.asset, available: out(free.get(body.asset) ?? new D(0)) };
    },
    '/institution/listRiskConfig': async () => CONVERT_ASSETS.map(({ asset, minAmount, maxAmount }) => ({ asset, minAmount, maxAmount })),
    '/institution/listUserOrganizationRiskConfig': async ({ auth }) => {
      const usage = await dailyUsage(ctx.db, auth.user.id, nowDate(ctx));
      return { dailyLimitUsd: usd(DESK.dailyLimitUsd), usedTodayUsd: usd(usage.used), remainingUsd: usd(usage.remaining), resetsAt: usage.resetsAt.toISOString() };
    },
    '/institution/block/listDisabledPair': async () => disabledPairs(ctx.db),
    '/institution/block/listDisabledPairNotLogin': async () => disabledPairs(ctx.db),

    '/institution/getQuote': async ({ body }) => {
      const { kind, from, to, priced } = await price(ctx, pricer, body);
      return quoteFields(kind, from.asset, to.asset, priced, body.fromAmount !== undefined ? 'from' : 'to', nowDate(ctx));
    },

    '/institution/quote': async ({ body, auth }) => {
      const kind = convertKind(body.fromAsset, body.toAsset);
      if (kind) await checkMayConvert(ctx, auth.user, kind);
      const quoted = await price(ctx, pricer, body);
      const now = nowDate(ctx);
      const usage = await dailyUsage(ctx.db, auth.user.id, now);
      if (quoted.priced.usdValue.gt(usage.remaining)) {
        throw new ApiError(Code.quoteLimitExceeded, { remainingUsd: usd(usage.remaining), resetsAt: usage.resetsAt.toISOString() });
      }
      const p = quoted.priced;
      // The balance is checked here so the form can say so at once, and again by the ledger when the order fills.
      const free = (await capital(auth.user.id)).get(quoted.from.asset) ?? new D(0);
      if (free.lt(p.fromAmount)) throw new ApiError(Code.insufficientBalance, { asset: quoted.from.asset, available: out(free) });
      const fixed = body.fromAmount !== undefined ? 'from' : 'to';
      const rows = await ctx.db.query<QuoteRow>(
        `insert into convert_quotes (quote_id, user_id, kind, from_asset, to_asset, from_amount, to_amount, price, inverse_price, market_price, spread,
           fixed, usd_value, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning *`,
        [
          randomBytes(18).toString('base64url'),
          auth.user.id,
          quoted.kind,
          quoted.from.asset,
          quoted.to.asset,
          p.fromAmount.toFixed(),
          p.toAmount.toFixed(),
          db(p.price),
          db(p.inversePrice),
          db(p.marketPrice),
          p.spread.toFixed(),
          fixed,
          db(p.usdValue),
          now,
          new Date(now.getTime() + CONVERT_QUOTE_TTL_MS),
        ],
      );
      // The reply shows the quote as stored, so the confirm step shows exactly what will fill.
      return quoteView(rows[0]!, now);
    },

    '/institution/order': async ({ body, auth }) => {
      const userId = auth.user.id;
      const replay = async (q: Queryable): Promise<Order | null> => {
        const rows = await q.query<OrderRow>(`select ${ORDER_COLUMNS} from convert_orders where user_id = $1 and request_id = $2`, [userId, body.requestId]);
        const row = rows[0];
        if (!row) return null;
        if (row.quote_id !== body.quoteId) throw new ApiError(Code.requestIdReused);
        return orderView(row);
      };
      const first = await replay(ctx.db);
      if (first) return first;
      const quote = (await ctx.db.query<QuoteRow>('select * from convert_quotes where quote_id = $1 and user_id = $2', [body.quoteId, userId]))[0];
      // Another user's quote id is answered as an unknown one.
      if (!quote) throw badInput('quoteId', 'unknown', 'No quote with this id');
      // Checked again at the order: the state may have changed since the quote (spec §6).
      await checkMayConvert(ctx, auth.user, quote.kind);
      const now = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        // Before the quote is taken: a refusal leaves it open (usable again if the pair is switched back on in time).
        await checkPairOpen(tx, quote.from_asset, quote.to_asset);
        const taken = await tx.query<QuoteRow>(
          `update convert_quotes set status = 'filled' where quote_id = $1 and user_id = $2 and status = 'open' and expires_at > $3 returning *`,
          [body.quoteId, userId, now],
        );
        const q = taken[0];
        if (!q) {
          // A parallel retry of this same request may have filled it: that is its answer.
          const again = await replay(tx);
          if (again) return again;
          const current = (await tx.query<QuoteRow>('select * from convert_quotes where quote_id = $1', [body.quoteId]))[0]!;
          if (current.status === 'filled') throw new ApiError(Code.quoteUsed, { quoteId: body.quoteId });
          throw new ApiError(Code.quoteExpired, { quoteId: body.quoteId, expiredAt: current.expires_at.toISOString() });
        }
        // The day's limit: counted and checked in one statement, so parallel orders cannot pass it together.
        const { day } = fiatDay(now);
        const counted = await tx.query(
          `insert into convert_daily_usage as u (user_id, day, used_usd) select $1, $2, $3 where $3::numeric <= $4::numeric
           on conflict (user_id, day) do update set used_usd = u.used_usd + excluded.used_usd where u.used_usd + excluded.used_usd <= $4::numeric
           returning used_usd`,
          [userId, day, q.usd_value, DESK.dailyLimitUsd.toFixed()],
        );
        if (counted.length === 0) {
          const usage = await dailyUsage(tx, userId, now);
          throw new ApiError(Code.quoteLimitExceeded, { remainingUsd: usd(usage.remaining), resetsAt: usage.resetsAt.toISOString() });
        }
        const fromAmount = new D(q.from_amount);
        const toAmount = new D(q.to_amount);
        // Zero fee (spec §9): the user's capital account pays one side to the desk and receives the other.
        await post(
          tx,
          new Entry('convert', `convert:${q.quote_id}`, userId)
            .user(userId, Account.capital, q.from_asset, fromAmount.neg())
            .provider('desk', q.from_asset, fromAmount)
            .user(userId, Account.capital, q.to_asset, toAmount)
            .provider('desk', q.to_asset, toAmount.neg()),
          now,
        );
        const inserted = await tx.query<OrderRow>(
          `insert into convert_orders (user_id, request_id, quote_id, kind, from_asset, to_asset, from_amount, to_amount, price, inverse_price, spread,
             usd_value, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning ${ORDER_COLUMNS}`,
          [userId, body.requestId, q.quote_id, q.kind, q.from_asset, q.to_asset, q.from_amount, q.to_amount, q.price, q.inverse_price, q.spread, q.usd_value, now],
        );
        return orderView(inserted[0]!);
      });
    },

    '/institution/pageSwapOrderRecord': async ({ body, auth }) => {
      const q = body.queryCondition ?? {};
      const { since, until } = timeWindow(q, nowDate(ctx));
      const where = `user_id = $1 and created_at >= $2 and created_at < $3 and ($4::text is null or kind = $4)
        and ($5::text is null or from_asset = $5) and ($6::text is null or to_asset = $6)`;
      const params = [auth.user.id, since, until, q.type ?? null, q.fromAsset ?? null, q.toAsset ?? null];
      const { pageNum, pageSize } = body.pageCondition;
      const grp = rankGroup([['kind', q.type], ['from', q.fromAsset], ['to', q.toAsset]]);
      const ranked = rankedPage('convert', auth.user.id, grp, { since, until }, body.sort);
      const { rows, total } = await pageQuery<OrderRow>(
        ctx.db,
        { select: ORDER_COLUMNS, from: 'convert_orders', where, order: recordOrder(body.sort, 'from_amount'), params, key: 'id', ranked },
        body.pageCondition,
      );
      return { list: rows.map(orderView), total, pageNum, pageSize };
    },
  });

  if (!devRoutes) return;
  serveCalls(ctx, app, convertDevCalls, {
    '/_dev/convert/disabledPair': async ({ body }) => {
      if (body.disabled) {
        await ctx.db.query('insert into convert_disabled_pairs (from_asset, to_asset) values ($1, $2) on conflict do nothing', [body.fromAsset, body.toAsset]);
      } else {
        await ctx.db.query('delete from convert_disabled_pairs where from_asset = $1 and to_asset = $2', [body.fromAsset, body.toAsset]);
      }
      return disabledPairs(ctx.db);
    },
  });
}
