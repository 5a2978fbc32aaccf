import { randomBytes } from 'node:crypto';
import { COIN_NETWORKS, coinNetwork, isValidAddress, NETWORKS, type Network } from '../../contract/chains.ts';
import { KYC_LEVEL_FOR } from '../../contract/rules.ts';
import type { ReplyOf } from '../../contract/call.ts';
import { activeWithdrawBans } from '../identity/bans.ts';
import { checkCode, consumeCodes, issueCode } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { kycState } from '../identity/kyc.ts';
import type { Auth } from '../identity/sessions.ts';
import { checkGa } from '../identity/totp.ts';
import type { UserRow } from '../identity/users.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { D, out } from '../platform/decimal.ts';
import { sweep } from './chain.ts';
import type { Operation } from '../identity/operations.ts';
import { coinWithdrawalOperation } from './withdrawal-operations.ts';
import { checkCoolingOff, checkDailyLimit, destinationUsableAt, kycLevelOf, registerDestination, whitelistSettings, withdrawUsage } from './withdraw-limits.ts';
import type { Handler, Handlers } from '../platform/contract.ts';
import type { WalletCalls } from '../../contract/wallet.ts';
import { refuseIfFrozen } from '../identity/freeze-guard.ts';

/** How long an invoked withdrawal waits for its e-mail and Google codes, holding the amount. */
const UNCONFIRMED_MS = 15 * 60_000;
type WithdrawalReply = ReplyOf<WalletCalls['/account/block/confirmBlockWithdraw']>;

/** What every withdrawal's row has, coin or fiat: its ids, state, money and the code step. */
export interface WithdrawalState<S extends string> {
  id: string;
  request_id: string;
  status: S;
  asset: string;
  amount: string;
  fee: string;
  email_uuid: string | null;
  expires_at: Date | null;
}

interface WithdrawalRow extends WithdrawalState<WithdrawalReply['status']> {
  user_id: number;
  network: Network;
  address: string;
  memo: string | null;
  tx_hash: string | null;
}

const withdrawalColumns = `id::text as id, user_id, request_id, status, asset, network, address, memo, amount::text as amount,
  fee::text as fee, email_uuid, expires_at, tx_hash`;

/**
 * A withdrawal's reply, coin or fiat: its ids and state, where it goes (`to`), the amount, the fee and what
 * arrives, and while it waits for its codes the e-mail code sent and when the hold ends.
 */
export function withdrawalReply<S extends string, T extends object>(row: WithdrawalState<S>, to: T) {
  return {
    withdrawId: row.id,
    requestId: row.request_id,
    status: row.status,
    asset: row.asset,
    ...to,
    amount: out(new D(row.amount)),
    fee: out(new D(row.fee)),
    receive: out(new D(row.amount).sub(row.fee)),
    emailUuid: row.status === 'unconfirmed' ? row.email_uuid : null,
    expiresAt: row.status === 'unconfirmed' ? (row.expires_at?.toISOString() ?? null) : null,
  };
}

function withdrawalView(row: WithdrawalRow): WithdrawalReply {
  return { ...withdrawalReply(row, { network: row.network, address: row.address, memo: row.memo }), txHash: row.tx_hash };
}

/**
 * spec §6 operations switches (a fiat withdrawal also has its own), freeze, KYC (basic for coin, advanced for
 * fiat) and the Google authenticator; spec §4 withdrawal bans.
 */
export async function checkMayWithdraw(ctx: ApiContext, user: UserRow, kind: 'coin' | 'fiat' = 'coin'): Promise<void> {
  refuseIfFrozen(user);
  const switches = kind === 'fiat' ? (['wallet', 'withdraw', 'fiatWithdraw'] as const) : (['wallet', 'withdraw'] as const);
  for (const feature of switches) {
    if (user.disabled_features.includes(feature)) throw new ApiError(Code.serviceSuspended, { feature });
  }
  const kyc = await kycState(ctx.db, user.id);
  if (kyc[KYC_LEVEL_FOR[kind]].status !== 'Certified') throw new ApiError(Code.kycState, { level: KYC_LEVEL_FOR[kind] });
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

/**
 * spec §5 amount rules of a coin or fiat withdrawal against its network's or currency's figures: no more decimals
 * than it has, more than the fee, within the minimum and maximum. Returns the amount and the fee.
 */
export function checkWithdrawAmount(text: string, rule: { decimals: number; withdrawFee: string; withdrawMin: string; withdrawMax: string }) {
  const amount = new D(text);
  if (amount.decimalPlaces() > rule.decimals) throw badInput('amount', 'decimals', `amount has more than ${rule.decimals} decimals`);
  const fee = new D(rule.withdrawFee);
  // spec §5: the amount must exceed the fee; below the minimum or above the maximum is refused.
  if (amount.lte(fee)) throw new ApiError(Code.amountBelowFee, { fee: rule.withdrawFee });
  if (amount.lt(rule.withdrawMin) || amount.gt(rule.withdrawMax)) {
    throw new ApiError(Code.amountOutOfRange, { min: rule.withdrawMin, max: rule.withdrawMax });
  }
  return { amount, fee };
}

/**
 * spec §5 amount rules and the address rules; returns the fee and what the receiver gets. Beyond the spec
 * (withdraw-limits.ts): a destination is paid 24 hours after its saving or its first use, whichever came first
 * (`register`: this attempt is a use, and a destination never tried is registered and refused with 10203), and
 * for 24 hours after the whitelist is switched off only whitelisted addresses go (10211).
 */
async function checkTarget(ctx: ApiContext, db: Queryable, userId: number, target: Target, register = false) {
  const net = coinNetwork(target.asset, target.network);
  if (!net) throw badInput('network', 'unsupported', `${target.asset} is not withdrawn on ${target.network}`);
  if (!isValidAddress(target.network, target.address)) throw badInput('address', 'checksum', 'The address is not a valid address of this network');
  if (target.memo !== undefined && !NETWORKS[target.network].memo) throw badInput('memo', 'notUsed', 'This network takes no memo');
  const { amount, fee } = checkWithdrawAmount(target.amount, net);
  const now = nowDate(ctx);
  const settings = await whitelistSettings(db, userId);
  const book = await db.query<{ id: string; whitelisted: boolean; usable_at: Date }>(
    `select id::text as id, whitelisted, usable_at from address_book
     where user_id = $1 and kind = 'coin' and network = $2 and address = $3 and coalesce(memo, '') = $4 and deleted_at is null`,
    [userId, target.network, target.address, target.memo ?? ''],
  );
  const saved = book[0];
  // spec §5, §8: with the whitelist on, withdrawals go only to whitelisted addresses.
  if (settings.whitelistOn && !saved?.whitelisted) throw new ApiError(Code.whitelistOnly);
  let usableAt = saved?.usable_at ?? (await destinationUsableAt(db, userId, target));
  if (!usableAt && register) usableAt = await registerDestination(db, userId, target, now);
  checkCoolingOff(settings, saved?.whitelisted ?? false, now);
  if (usableAt && usableAt > now) throw new ApiError(Code.addressLocked, { unlockAt: usableAt.toISOString() });
  return { fee, amount, whitelisted: saved?.whitelisted ?? false, usableAt, bookId: saved?.id ?? null };
}

/**
 * spec §6: a withdrawal's e-mail code (businessType withdraw, to the signed-in user's address, sent for this one
 * withdrawal: `operation`) and the current Google code, in that order; wrong ones count towards their locks and
 * bans. Returns the e-mail code's id, to be used up inside the transaction that sends the money.
 */
export async function checkWithdrawCodes(
  ctx: ApiContext,
  auth: Auth,
  body: { emailUuid: string; emailCode: string; gaCode: string },
  operation: Operation,
): Promise<string> {
  const emailUuid = await checkCode(ctx, {
    operation,
    channel: 'email',
    uuid: body.emailUuid,
    code: body.emailCode,
    businessTypes: ['withdraw'],
    destination: auth.user.email_lower,
    userId: auth.user.id,
    caller: { signedIn: true, userId: auth.user.id },
  });
  await checkGa(ctx, auth.user, body.gaCode);
  return emailUuid;
}

/**
 * A withdrawal made once per client request id (coin and fiat): the first request's withdrawal when the id is
 * known (`replay`, which also refuses the id reused with other content); otherwise `create` checks the rules
 * and inserts and holds it in one transaction. Parallel copies of one request race on the unique request id:
 * the losers answer with the winner's withdrawal. Then the e-mail code for the confirmation step is sent.
 */
export async function withdrawOnce<Row extends { id: string }, View>(
  ctx: ApiContext,
  auth: Auth,
  replay: () => Promise<View | null>,
  create: () => Promise<Row>,
  view: (row: Row, emailUuid: string | null) => View,
  operationOf: (row: Row) => Operation,
): Promise<View> {
  const first = await replay();
  if (first) return first;
  let row: Row;
  try {
    row = await create();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
  const uuid = await sendWithdrawCode(ctx, auth, operationOf(row));
  if (uuid) await ctx.db.query('update wallet_withdrawals set email_uuid = $2 where id = $1', [row.id, uuid]);
  return view(row, uuid);
}

/**
 * spec §6: a withdrawal's e-mail code (businessType withdraw) sent to the signed-in user's address for the one
 * withdrawal `operation` (withdrawal-operations.ts), which the mail lists; its uuid.
 */
export async function issueWithdrawCode(ctx: ApiContext, auth: Auth, operation: Operation): Promise<string> {
  const issued = await issueCode(ctx, {
    operation,
    channel: 'email',
    destination: auth.user.email_lower,
    businessType: 'withdraw',
    userId: auth.user.id,
    account: auth.user.email_lower,
    ip: auth.ip,
  });
  return issued.uuid;
}

export async function sendWithdrawCode(ctx: ApiContext, auth: Auth, operation: Operation): Promise<string | null> {
  try {
    return await issueWithdrawCode(ctx, auth, operation);
  } catch (error) {
    // The 1 s guard or a send limit: the withdrawal stands; invoking again with its request id resends.
    if (error instanceof ApiError) return null;
    throw error;
  }
}


/**
 * Coin withdrawal in two steps (server/README.md "Wallet, coin side"): invoke checks the rules, holds the
 * amount and sends the e-mail code; confirm takes the e-mail and Google codes and broadcasts.
 */
export function withdrawalHandlers(ctx: ApiContext): Pick<Handlers<WalletCalls>, '/account/block/validateTransaction' | '/account/block/getBlockWithdrawRemainingAmount' | '/account/block/invokeBlockWithdrawalEmailValidation' | '/account/block/submitWithdrawRecord' | '/account/block/confirmBlockWithdraw'> {
  /** spec §7 submitWithdrawRecord and, under its older name, invokeBlockWithdrawalEmailValidation: one step, idempotent on requestId. */
  const submitCoinWithdrawal: Handler<WalletCalls['/account/block/submitWithdrawRecord']> = async ({ body, auth }) => {
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
        const uuid = await sendWithdrawCode(ctx, auth, coinWithdrawalOperation(row));
        if (uuid) await ctx.db.query('update wallet_withdrawals set email_uuid = $2 where id = $1', [row.id, uuid]);
        return withdrawalView({ ...row, email_uuid: uuid ?? row.email_uuid });
      }
      return withdrawalView(row);
    };
    return withdrawOnce(ctx, auth, replay, async () => {
      await checkMayWithdraw(ctx, auth.user);
      // Outside the transaction, so a first use stays registered when it is refused.
      const checked = await checkTarget(ctx, ctx.db, userId, body, true);
      const level = await kycLevelOf(ctx.db, userId);
      const now = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        await checkDailyLimit(tx, userId, 'coin', body.asset, level, checked.amount, now);
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
    }, (row, emailUuid) => withdrawalView({ ...row, email_uuid: emailUuid }), coinWithdrawalOperation);
  };

  return {
    '/account/block/validateTransaction': async ({ body, auth }) => {
      await checkMayWithdraw(ctx, auth.user);
      const checked = await checkTarget(ctx, ctx.db, auth.user.id, body);
      return {
        fee: out(checked.fee),
        receive: out(checked.amount.sub(checked.fee)),
        whitelisted: checked.whitelisted,
        usableAt: checked.usableAt?.toISOString() ?? null,
      };
    },

    '/account/block/getBlockWithdrawRemainingAmount': async ({ body, auth }) => {
      if (!COIN_NETWORKS.some((n) => n.asset === body.asset)) throw badInput('asset', 'unsupported', `${body.asset} is not withdrawn`);
      return withdrawUsage(ctx.db, auth.user.id, 'coin', body.asset, await kycLevelOf(ctx.db, auth.user.id), nowDate(ctx));
    },

    '/account/block/submitWithdrawRecord': submitCoinWithdrawal,
    '/account/block/invokeBlockWithdrawalEmailValidation': submitCoinWithdrawal,

    '/account/block/confirmBlockWithdraw': async ({ body, auth }) => {
      const load = async () =>
        (await ctx.db.query<WithdrawalRow>(`select ${withdrawalColumns} from wallet_withdrawals where id = $1 and user_id = $2`, [body.withdrawId, auth.user.id]))[0];
      await sweep(ctx);
      const row = await load();
      if (!row) throw new ApiError(Code.walletState, { withdrawId: body.withdrawId, status: null });
      if (row.status !== 'unconfirmed') throw new ApiError(Code.walletState, { withdrawId: row.id, status: row.status });
      // Rules again at the moment money leaves: a ban or a switch that came after the invoke still applies.
      await checkMayWithdraw(ctx, auth.user);
      // The code must have been sent for this withdrawal, as it is (server/identity/operations.ts).
      const emailUuid = await checkWithdrawCodes(ctx, auth, body, coinWithdrawalOperation(row));
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

  };
}
