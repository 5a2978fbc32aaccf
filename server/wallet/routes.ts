import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Decimal from 'decimal.js';
import { COIN_NETWORKS, coinNetwork, isValidAddress, NETWORKS, type Network } from '../../contract/chains.ts';
import { isAddressName, KYC_LEVEL_FOR } from '../../contract/rules.ts';
import { walletCalls, walletDevCalls } from '../../contract/wallet.ts';
import type { ReplyOf } from '../../contract/call.ts';
import { activeWithdrawBans } from '../api/bans.ts';
import { checkCode, consumeCodes, issueCode } from '../api/codes.ts';
import { type ApiContext, nowDate } from '../api/context.ts';
import { serveCalls } from '../api/contract.ts';
import { ApiError, badInput, Code } from '../api/envelope.ts';
import { kycState } from '../api/kyc.ts';
import type { Auth } from '../api/sessions.ts';
import { verifyStepUp } from '../api/step-up.ts';
import { checkGa } from '../api/totp.ts';
import type { UserRow } from '../api/users.ts';
import type { Queryable } from '../db/client.ts';
import { isUniqueViolation } from '../db/client.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { D } from '../trade/decimal.ts';
import { cancelUnconfirmed, confirmationsAt, depositAddress, sweep } from './chain.ts';

/** How long an invoked withdrawal waits for its e-mail and Google codes, holding the amount. */
const UNCONFIRMED_MS = 15 * 60_000;
/** A newly saved address can be used after this (issue: what Binance and Coinbase do; beyond the spec). */
const ADDRESS_LOCK_MS = 24 * 3_600_000;

type WithdrawalReply = ReplyOf<(typeof walletCalls)['/account/block/confirmBlockWithdraw']>;

interface WithdrawalRow {
  id: string;
  user_id: number;
  request_id: string;
  status: WithdrawalReply['status'];
  asset: string;
  network: Network;
  address: string;
  memo: string | null;
  amount: string;
  fee: string;
  email_uuid: string | null;
  expires_at: Date | null;
  tx_hash: string | null;
}

const withdrawalColumns = `id::text as id, user_id, request_id, status, asset, network, address, memo, amount::text as amount,
  fee::text as fee, email_uuid, expires_at, tx_hash`;

function amountText(value: string | Decimal): string {
  const d = new D(value);
  return d.isZero() ? '0' : d.toFixed();
}

function withdrawalView(row: WithdrawalRow): WithdrawalReply {
  return {
    withdrawId: row.id,
    requestId: row.request_id,
    status: row.status,
    asset: row.asset,
    network: row.network,
    address: row.address,
    amount: amountText(row.amount),
    fee: amountText(row.fee),
    receive: amountText(new D(row.amount).sub(row.fee)),
    emailUuid: row.status === 'unconfirmed' ? row.email_uuid : null,
    expiresAt: row.status === 'unconfirmed' ? (row.expires_at?.toISOString() ?? null) : null,
    txHash: row.tx_hash,
  };
}

/** spec §6 operations switches, freeze, KYC and the Google authenticator; spec §4 withdrawal bans. */
async function checkMayWithdraw(ctx: ApiContext, user: UserRow): Promise<void> {
  if (user.frozen_at) throw new ApiError(Code.frozen);
  for (const feature of ['wallet', 'withdraw'] as const) {
    if (user.disabled_features.includes(feature)) throw new ApiError(Code.serviceSuspended, { feature });
  }
  const kyc = await kycState(ctx.db, user.id);
  if (kyc[KYC_LEVEL_FOR.coin].status !== 'Certified') throw new ApiError(Code.kycState, { level: KYC_LEVEL_FOR.coin });
  if (!user.ga_secret) throw new ApiError(Code.gaState, { required: 'bound' });
  const bans = await activeWithdrawBans(ctx, ctx.db, user.id);
  if (bans.length > 0) throw new ApiError(Code.withdrawRestricted, { bans, until: bans[0]!.until });
}

interface Target {
  asset: string;
  network: Network;
  address: string;
  memo?: string | undefined;
  amount: string;
}

/** spec §5 amount rules and the address rules; returns the fee and what the receiver gets. */
async function checkTarget(ctx: ApiContext, db: Queryable, userId: number, target: Target) {
  const net = coinNetwork(target.asset, target.network);
  if (!net) throw badInput('network', 'unsupported', `${target.asset} is not withdrawn on ${target.network}`);
  if (!isValidAddress(target.network, target.address)) throw badInput('address', 'checksum', 'The address is not a valid address of this network');
  if (target.memo !== undefined && !NETWORKS[target.network].memo) throw badInput('memo', 'notUsed', 'This network takes no memo');
  const amount = new D(target.amount);
  if (amount.decimalPlaces() > net.decimals) throw badInput('amount', 'decimals', `amount has more than ${net.decimals} decimals`);
  const fee = new D(net.withdrawFee);
  // spec §5: the amount must exceed the network fee; below the minimum or above the maximum is refused.
  if (amount.lte(fee)) throw new ApiError(Code.amountBelowFee, { fee: net.withdrawFee });
  if (amount.lt(net.withdrawMin) || amount.gt(net.withdrawMax)) {
    throw new ApiError(Code.amountOutOfRange, { min: net.withdrawMin, max: net.withdrawMax });
  }
  const settings = await db.query<{ whitelist_on: boolean }>('select whitelist_on from wallet_settings where user_id = $1', [userId]);
  const whitelistOn = settings[0]?.whitelist_on ?? true;
  const book = await db.query<{ id: string; whitelisted: boolean; usable_at: Date }>(
    `select id::text as id, whitelisted, usable_at from address_book
     where user_id = $1 and kind = 'coin' and network = $2 and address = $3 and coalesce(memo, '') = $4 and deleted_at is null`,
    [userId, target.network, target.address, target.memo ?? ''],
  );
  const saved = book[0];
  // spec §5, §8: with the whitelist on, withdrawals go only to whitelisted addresses.
  if (whitelistOn && !saved?.whitelisted) throw new ApiError(Code.whitelistOnly);
  if (saved && saved.usable_at > nowDate(ctx)) throw new ApiError(Code.addressLocked, { unlockAt: saved.usable_at.toISOString() });
  return { fee, amount, whitelisted: saved?.whitelisted ?? false, usableAt: saved?.usable_at ?? null, bookId: saved?.id ?? null };
}

function bookView(row: {
  id: string;
  name: string;
  asset: string;
  network: Network;
  address: string;
  memo: string | null;
  whitelisted: boolean;
  usable_at: Date;
  created_at: Date;
}) {
  return {
    id: row.id,
    name: row.name,
    asset: row.asset,
    network: row.network,
    address: row.address,
    memo: row.memo,
    whitelisted: row.whitelisted,
    usableAt: row.usable_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

async function sendWithdrawCode(ctx: ApiContext, auth: Auth): Promise<string | null> {
  try {
    const issued = await issueCode(ctx, {
      channel: 'email',
      destination: auth.user.email_lower,
      businessType: 'withdraw',
      userId: auth.user.id,
      account: auth.user.email_lower,
      ip: auth.ip,
    });
    return issued.uuid;
  } catch (error) {
    // The 1 s guard or a send limit: the withdrawal stands; invoking again with its request id resends.
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** The wallet calls of contract/wallet.ts on the ledger (server/ledger) and the sandbox chain (chain.ts). */
export function walletRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, walletCalls, {
    '/user/assets': async ({ auth }) => {
      await sweep(ctx);
      const rows = await ctx.db.query<{ account_type: 1 | 2 | 3; asset: string; free: string; locked: string }>(
        `select account_type, asset, free::text as free, locked::text as locked from balances
         where user_id = $1 and (free <> 0 or locked <> 0) order by account_type, asset`,
        [auth.user.id],
      );
      return {
        accounts: ([1, 2, 3] as const).map((accountType) => ({
          accountType,
          balances: rows.filter((r) => r.account_type === accountType).map((r) => ({ asset: r.asset, free: amountText(r.free), locked: amountText(r.locked) })),
        })),
      };
    },

    '/account/wallet/listAllSupportedCryptoAsset': async () => {
      const assets = [...new Set(COIN_NETWORKS.map((n) => n.asset))];
      return assets.map((asset) => ({
        asset,
        networks: COIN_NETWORKS.filter((n) => n.asset === asset).map((n) => ({
          network: n.network,
          label: NETWORKS[n.network].label,
          confirmations: NETWORKS[n.network].confirmations,
          decimals: n.decimals,
          withdrawFee: n.withdrawFee,
          withdrawMin: n.withdrawMin,
          withdrawMax: n.withdrawMax,
          depositMin: n.depositMin,
          memo: NETWORKS[n.network].memo,
        })),
      }));
    },

    '/account/wallet/getDepositAddress': async ({ body, auth }) => {
      const net = coinNetwork(body.asset, body.network);
      if (!net) throw badInput('network', 'unsupported', `${body.asset} is not deposited on ${body.network}`);
      if (auth.user.disabled_features.includes('wallet') || auth.user.disabled_features.includes('recharge')) {
        throw new ApiError(Code.serviceSuspended, { feature: auth.user.disabled_features.includes('wallet') ? 'wallet' : 'recharge' });
      }
      // spec §6: basic KYC unlocks crypto deposits.
      if ((await kycState(ctx.db, auth.user.id))[KYC_LEVEL_FOR.coin].status !== 'Certified') {
        throw new ApiError(Code.kycState, { level: KYC_LEVEL_FOR.coin });
      }
      const { address, memo } = await depositAddress(ctx, auth.user.id, body.network);
      return { asset: body.asset, network: body.network, address, memo, confirmations: NETWORKS[body.network].confirmations, depositMin: net.depositMin };
    },

    '/account/block/pageBlockDepositWithdraw': async ({ body, auth }) => {
      await sweep(ctx);
      const q = body.queryCondition ?? {};
      const now = nowDate(ctx);
      const since = q.days ? new Date(now.getTime() - q.days * 86_400_000) : new Date(0);
      const params: unknown[] = [auth.user.id, since, q.asset ?? null, q.status ?? null, q.type ?? null];
      const records = `(
        select 'D' || id as record_id, 'deposit' as type, id, asset, network, address, null::text as memo, amount, 0::numeric as fee,
          status, tx_hash, confirmations_required, seen_at as since, created_at, completed_at
        from wallet_deposits where user_id = $1 and kind = 'coin'
        union all
        select 'W' || id, 'withdraw', id, asset, network, address, memo, amount, fee, status, tx_hash, confirmations_required,
          broadcast_at, created_at, completed_at
        from wallet_withdrawals where user_id = $1 and kind = 'coin' and status <> 'unconfirmed'
      ) r`;
      const where = `created_at >= $2 and ($3::text is null or asset = $3) and ($4::text is null or status = $4) and ($5::text is null or type = $5)`;
      const total = await ctx.db.query<{ n: string }>(`select count(*)::text as n from ${records} where ${where}`, params);
      const { pageNum, pageSize } = body.pageCondition;
      const rows = await ctx.db.query<{
        record_id: string;
        type: 'deposit' | 'withdraw';
        asset: string;
        network: Network;
        address: string;
        memo: string | null;
        amount: string;
        fee: string;
        status: ReplyOf<(typeof walletCalls)['/account/block/pageBlockDepositWithdraw']>['list'][number]['status'];
        tx_hash: string | null;
        confirmations_required: number;
        since: Date | null;
        created_at: Date;
        completed_at: Date | null;
      }>(
        `select record_id, type, asset, network, address, memo, amount::text as amount, fee::text as fee, status, tx_hash,
           confirmations_required, since, created_at, completed_at
         from ${records} where ${where} order by created_at desc, id desc limit $6 offset $7`,
        [...params, pageSize, (pageNum - 1) * pageSize],
      );
      return {
        list: rows.map((r) => ({
          recordId: r.record_id,
          type: r.type,
          asset: r.asset,
          network: r.network,
          address: r.address,
          memo: r.memo,
          amount: amountText(r.amount),
          fee: amountText(r.fee),
          status: r.status,
          txHash: r.tx_hash,
          confirmations:
            r.status === 'deposit_complete' || r.status === 'withdraw_complete'
              ? r.confirmations_required
              : confirmationsAt(r.network, r.since, r.confirmations_required, now),
          confirmationsRequired: r.confirmations_required,
          createdAt: r.created_at.toISOString(),
          completedAt: r.completed_at?.toISOString() ?? null,
        })),
        total: Number(total[0]?.n ?? 0),
        pageNum,
        pageSize,
      };
    },

    '/account/block/validateTransaction': async ({ body, auth }) => {
      await checkMayWithdraw(ctx, auth.user);
      const checked = await checkTarget(ctx, ctx.db, auth.user.id, body);
      return {
        fee: amountText(checked.fee),
        receive: amountText(checked.amount.sub(checked.fee)),
        whitelisted: checked.whitelisted,
        usableAt: checked.usableAt?.toISOString() ?? null,
      };
    },

    '/account/block/invokeBlockWithdrawalEmailValidation': async ({ body, auth }) => {
      const userId = auth.user.id;
      const same = (row: WithdrawalRow) =>
        row.asset === body.asset && row.network === body.network && row.address === body.address &&
        (row.memo ?? undefined) === body.memo && new D(row.amount).eq(body.amount);
      const replay = async (): Promise<WithdrawalReply | null> => {
        const rows = await ctx.db.query<WithdrawalRow>(`select ${withdrawalColumns} from wallet_withdrawals where user_id = $1 and request_id = $2`, [
          userId,
          body.requestId,
        ]);
        const row = rows[0];
        if (!row) return null;
        if (!same(row)) throw new ApiError(Code.requestIdReused, { withdrawId: row.id });
        // A retry of a withdrawal still waiting for its codes sends a fresh e-mail code.
        if (row.status === 'unconfirmed') {
          const uuid = await sendWithdrawCode(ctx, auth);
          if (uuid) await ctx.db.query('update wallet_withdrawals set email_uuid = $2 where id = $1', [row.id, uuid]);
          return withdrawalView({ ...row, email_uuid: uuid ?? row.email_uuid });
        }
        return withdrawalView(row);
      };
      const first = await replay();
      if (first) return first;
      await checkMayWithdraw(ctx, auth.user);
      const now = nowDate(ctx);
      let row: WithdrawalRow;
      try {
        row = await ctx.db.transaction(async (tx) => {
          const checked = await checkTarget(ctx, tx, userId, body);
          const inserted = await tx.query<WithdrawalRow>(
            `insert into wallet_withdrawals (user_id, request_id, kind, asset, network, address, memo, address_book_id, amount, fee, status,
               held, confirmations_required, expires_at, created_at, updated_at)
             values ($1, $2, 'coin', $3, $4, $5, $6, $7, $8, $9, 'unconfirmed', true, $10, $11, $12, $12)
             returning ${withdrawalColumns}`,
            [userId, body.requestId, body.asset, body.network, body.address, body.memo ?? null, checked.bookId, checked.amount.toFixed(),
              checked.fee.toFixed(), NETWORKS[body.network].confirmations, new Date(now.getTime() + UNCONFIRMED_MS), now],
          );
          const created = inserted[0]!;
          // The amount is held now, so parallel requests cannot together spend more than the free balance.
          await post(tx, new Entry('withdraw_hold', `withdrawal:${created.id}`, userId).hold(userId, Account.capital, body.asset, checked.amount), now);
          return created;
        });
      } catch (error) {
        // The same request id raced itself: the first one's result.
        if (isUniqueViolation(error)) {
          const again = await replay();
          if (again) return again;
        }
        throw error;
      }
      const uuid = await sendWithdrawCode(ctx, auth);
      if (uuid) await ctx.db.query('update wallet_withdrawals set email_uuid = $2 where id = $1', [row.id, uuid]);
      return withdrawalView({ ...row, email_uuid: uuid });
    },

    '/account/block/confirmBlockWithdraw': async ({ body, auth }) => {
      const load = async () =>
        (await ctx.db.query<WithdrawalRow>(`select ${withdrawalColumns} from wallet_withdrawals where id = $1 and user_id = $2`, [body.withdrawId, auth.user.id]))[0];
      await sweep(ctx);
      const row = await load();
      if (!row) throw new ApiError(Code.walletState, { withdrawId: body.withdrawId, status: null });
      if (row.status !== 'unconfirmed') throw new ApiError(Code.walletState, { withdrawId: row.id, status: row.status });
      // Rules again at the moment money leaves: a ban or a switch that came after the invoke still applies.
      await checkMayWithdraw(ctx, auth.user);
      const emailUuid = await checkCode(ctx, {
        channel: 'email',
        uuid: body.emailUuid,
        code: body.emailCode,
        businessTypes: ['withdraw'],
        destination: auth.user.email_lower,
        userId: auth.user.id,
      });
      await checkGa(ctx, auth.user, body.gaCode);
      const now = nowDate(ctx);
      const txHash = randomBytes(32).toString('hex');
      const done = await ctx.db.transaction(async (tx) => {
        await consumeCodes(ctx, tx, [emailUuid]);
        const updated = await tx.query<WithdrawalRow>(
          `update wallet_withdrawals set status = 'withdraw_pending', held = false, tx_hash = $3, broadcast_at = $4, updated_at = $4
           where id = $1 and user_id = $2 and status = 'unconfirmed' returning ${withdrawalColumns}`,
          [row.id, auth.user.id, txHash, now],
        );
        const pending = updated[0];
        if (!pending) throw new ApiError(Code.walletState, { withdrawId: row.id });
        const amount = new D(pending.amount);
        const fee = new D(pending.fee);
        // Broadcast: the held amount leaves the user; the chain wallet pays out amount − fee, the fee is income.
        await post(
          tx,
          new Entry('withdraw_broadcast', `withdrawal:${pending.id}`, auth.user.id)
            .user(auth.user.id, Account.capital, pending.asset, amount.neg(), 'locked')
            .provider(`chain:${pending.network}`, pending.asset, amount.sub(fee))
            .provider('fees', pending.asset, fee),
          now,
        );
        return pending;
      });
      return withdrawalView(done);
    },

    '/account/wallet/address/list': async ({ body, auth }) => {
      const rows = await ctx.db.query<Parameters<typeof bookView>[0]>(
        `select id::text as id, name, asset, network, address, memo, whitelisted, usable_at, created_at from address_book
         where user_id = $1 and kind = 'coin' and deleted_at is null and ($2::text is null or asset = $2) and ($3::text is null or network = $3)
         order by id desc`,
        [auth.user.id, body.asset ?? null, body.network ?? null],
      );
      return rows.map(bookView);
    },

    '/account/wallet/address/add': async ({ body, auth }) => {
      // spec §5: address name 4 to 20 characters.
      if (!isAddressName(body.name)) throw badInput('name', 'addressNameLength', 'The address name must be 4 to 20 characters');
      if (!coinNetwork(body.asset, body.network)) throw badInput('network', 'unsupported', `${body.asset} is not withdrawn on ${body.network}`);
      if (!isValidAddress(body.network, body.address)) throw badInput('address', 'checksum', 'The address is not a valid address of this network');
      const stepUp = await verifyStepUp(ctx, auth, body, 'addAddress');
      const now = nowDate(ctx);
      try {
        const row = await ctx.db.transaction(async (tx) => {
          await stepUp.consume(tx);
          const rows = await tx.query<Parameters<typeof bookView>[0]>(
            `insert into address_book (user_id, kind, name, asset, network, address, memo, whitelisted, usable_at, created_at)
             values ($1, 'coin', $2, $3, $4, $5, $6, $7, $8, $9)
             returning id::text as id, name, asset, network, address, memo, whitelisted, usable_at, created_at`,
            [auth.user.id, body.name.trim(), body.asset, body.network, body.address, body.memo ?? null, body.whitelisted,
              new Date(now.getTime() + ADDRESS_LOCK_MS), now],
          );
          return rows[0]!;
        });
        return bookView(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(Code.addressExists);
        throw error;
      }
    },

    '/account/wallet/address/delete': async ({ body, auth }) => {
      const rows = await ctx.db.query<{ id: string }>(
        'update address_book set deleted_at = $3 where id = $1 and user_id = $2 and deleted_at is null returning id::text as id',
        [body.id, auth.user.id, nowDate(ctx)],
      );
      if (!rows[0]) throw new ApiError(Code.notFound);
      return { id: rows[0].id };
    },

    '/account/wallet/whitelist/get': async ({ auth }) => {
      const rows = await ctx.db.query<{ whitelist_on: boolean }>('select whitelist_on from wallet_settings where user_id = $1', [auth.user.id]);
      return { whitelistOn: rows[0]?.whitelist_on ?? true };
    },

    '/account/wallet/whitelist/set': async ({ body, auth }) => {
      const write = (tx: Queryable) =>
        tx.query(
          `insert into wallet_settings (user_id, whitelist_on, updated_at) values ($1, $2, $3)
           on conflict (user_id) do update set whitelist_on = excluded.whitelist_on, updated_at = excluded.updated_at`,
          [auth.user.id, body.on, nowDate(ctx)],
        );
      if (body.on) {
        await write(ctx.db);
        return { whitelistOn: true };
      }
      // Switching it off needs the password, the e-mail code and the Google code (issue; step-up.ts).
      const stepUp = await verifyStepUp(ctx, auth, body, 'whitelistOff');
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await write(tx);
      });
      return { whitelistOn: false };
    },
  });
}

/** The sandbox chain's controls (README "Wallet"); only with the dev routes. */
export function walletDevRoutes(ctx: ApiContext, app: FastifyInstance): void {
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
}
