import type { ReplyOf } from '../../contract/call.ts';
import type { FiatCalls } from '../../contract/fiat.ts';
import { consumeCodes } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { D } from '../platform/decimal.ts';
import { cancelUnconfirmed, notifyWithdrawal, sweep } from './chain.ts';
import { requireFiat } from './fiat-limits.ts';
import { checkDailyLimit, kycLevelOf, withdrawUsage } from './withdraw-limits.ts';
import { checkMayWithdraw, checkWithdrawAmount, checkWithdrawCodes, issueWithdrawCode, withdrawalReply, type WithdrawalState, withdrawOnce } from './withdrawals.ts';
import { fiatWithdrawalOperation } from './withdrawal-operations.ts';

type FiatWithdrawalReply = ReplyOf<FiatCalls['/account/block/confirmBlockFiatWithdraw']>;

/** How long a submitted withdrawal waits for its e-mail and Google codes, holding the amount. */
const UNCONFIRMED_MS = 15 * 60_000;

interface WithdrawalRow extends WithdrawalState<FiatWithdrawalReply['status']> {
  address_book_id: string;
  /** The account number paid (the saved entry's, copied at submit). */
  address: string;
}

const withdrawalColumns = `id::text as id, request_id, status, asset, address_book_id::text as address_book_id, address, amount::text as amount,
  fee::text as fee, email_uuid, expires_at`;

function withdrawalView(row: WithdrawalRow): FiatWithdrawalReply {
  return withdrawalReply(row, { addressId: row.address_book_id });
}

type WithdrawalCalls =
  | '/account/block/getBlockFiatWithdrawRemainingAmount'
  | '/account/block/submitBlockFiatWithdraw'
  | '/account/block/invokeBlockFiatWithdrawalEmailValidation'
  | '/account/block/confirmBlockFiatWithdraw'
  | '/account/block/fiat/cancelWithdraw';

/** The limit of the rolling 24 hours and the three steps of a fiat withdrawal (submit, e-mail code, confirm), and the user's cancel. */
export function fiatWithdrawalHandlers(ctx: ApiContext): Pick<Handlers<FiatCalls>, WithdrawalCalls> {
  const loadWithdrawal = async (db: Queryable, userId: number, withdrawId: string) =>
    (await db.query<WithdrawalRow>(`select ${withdrawalColumns} from wallet_withdrawals where id = $1 and user_id = $2 and kind = 'fiat'`, [withdrawId, userId]))[0];

  return {
    '/account/block/getBlockFiatWithdrawRemainingAmount': async ({ body, auth }) => {
      requireFiat(body.asset);
      return withdrawUsage(ctx.db, auth.user.id, 'fiat', body.asset, await kycLevelOf(ctx.db, auth.user.id), nowDate(ctx));
    },

    '/account/block/submitBlockFiatWithdraw': async ({ body, auth }) => {
      const userId = auth.user.id;
      const replay = async (): Promise<FiatWithdrawalReply | null> => {
        const row = (await ctx.db.query<WithdrawalRow>(
          `select ${withdrawalColumns} from wallet_withdrawals where user_id = $1 and request_id = $2`,
          [userId, body.requestId],
        ))[0];
        if (!row) return null;
        if (row.asset !== body.asset || row.address_book_id !== body.addressId || !new D(row.amount).eq(body.amount)) {
          throw new ApiError(Code.requestIdReused, { withdrawId: row.id });
        }
        return withdrawalView(row);
      };
      return withdrawOnce(ctx, auth, replay, async () => {
        const fiat = requireFiat(body.asset);
        await checkMayWithdraw(ctx, auth.user, 'fiat');
        const { amount, fee } = checkWithdrawAmount(body.amount, fiat);
        const level = await kycLevelOf(ctx.db, userId);
        const now = nowDate(ctx);
        return ctx.db.transaction(async (tx) => {
          // Fiat goes only to a saved bank account of this currency, past its 24-hour lock.
          const book = (await tx.query<{ usable_at: Date }>(
            `select usable_at from address_book where id = $1 and user_id = $2 and kind = 'fiat' and asset = $3 and deleted_at is null`,
            [body.addressId, userId, body.asset],
          ))[0];
          if (!book) throw badInput('addressId', 'unknown', 'No saved bank account of this currency with this id');
          if (book.usable_at > now) throw new ApiError(Code.addressLocked, { unlockAt: book.usable_at.toISOString() });
          // The limit of the rolling 24 hours, checked under the user's lock so parallel requests cannot pass it together.
          await checkDailyLimit(tx, userId, 'fiat', body.asset, level, amount, now);
          const inserted = await tx.query<WithdrawalRow>(
            `insert into wallet_withdrawals (user_id, request_id, kind, asset, address, address_book_id, amount, fee, status, held,
               expires_at, created_at, updated_at)
             select $1, $2, 'fiat', $3, b.account_number, b.id, $5, $6, 'unconfirmed', true, $7, $8, $8 from address_book b where b.id = $4
             returning ${withdrawalColumns}`,
            [userId, body.requestId, body.asset, body.addressId, amount.toFixed(), fee.toFixed(), new Date(now.getTime() + UNCONFIRMED_MS), now],
          );
          const created = inserted[0]!;
          // Held now, so parallel requests cannot together spend more than the free balance.
          await post(tx, new Entry('withdraw_hold', `withdrawal:${created.id}`, userId).hold(userId, Account.capital, body.asset, amount), now);
          return created;
        });
      }, (row, emailUuid) => withdrawalView({ ...row, email_uuid: emailUuid }), fiatWithdrawalOperation);
    },

    '/account/block/invokeBlockFiatWithdrawalEmailValidation': async ({ body, auth }) => {
      await sweep(ctx);
      const row = await loadWithdrawal(ctx.db, auth.user.id, body.withdrawId);
      if (!row || row.status !== 'unconfirmed') throw new ApiError(Code.walletState, { withdrawId: body.withdrawId, status: row?.status ?? null });
      // A refusal of the sender (its 1 s guard, a send limit) reaches the user as it is.
      const uuid = await issueWithdrawCode(ctx, auth, fiatWithdrawalOperation(row));
      await ctx.db.query('update wallet_withdrawals set email_uuid = $2 where id = $1', [row.id, uuid]);
      return withdrawalView({ ...row, email_uuid: uuid });
    },

    '/account/block/confirmBlockFiatWithdraw': async ({ body, auth }) => {
      await sweep(ctx);
      const row = await loadWithdrawal(ctx.db, auth.user.id, body.withdrawId);
      if (!row || row.status !== 'unconfirmed') throw new ApiError(Code.walletState, { withdrawId: body.withdrawId, status: row?.status ?? null });
      // The rules again at the moment it is sent: a ban or a switch that came after the submit still applies.
      await checkMayWithdraw(ctx, auth.user, 'fiat');
      // The code must have been sent for this withdrawal, as it is (server/identity/operations.ts).
      const emailUuid = await checkWithdrawCodes(ctx, auth, body, fiatWithdrawalOperation(row));
      const now = nowDate(ctx);
      const done = await ctx.db.transaction(async (tx) => {
        await consumeCodes(ctx, tx, [emailUuid]);
        // The amount stays held until the provider pays it out or refuses it.
        const updated = await tx.query<WithdrawalRow>(
          `update wallet_withdrawals set status = 'approvalPending', updated_at = $3
           where id = $1 and user_id = $2 and status = 'unconfirmed' returning ${withdrawalColumns}`,
          [row.id, auth.user.id, now],
        );
        if (!updated[0]) throw new ApiError(Code.walletState, { withdrawId: row.id });
        return updated[0];
      });
      return withdrawalView(done);
    },

    '/account/block/fiat/cancelWithdraw': async ({ body, auth }) => {
      const now = nowDate(ctx);
      const cancelled = await ctx.db.transaction(async (tx) => {
        const owned = await loadWithdrawal(tx, auth.user.id, body.withdrawId);
        if (!owned) return false;
        return cancelUnconfirmed(tx, body.withdrawId, now, ['unconfirmed', 'approvalPending']);
      });
      const row = await loadWithdrawal(ctx.db, auth.user.id, body.withdrawId);
      if (!cancelled || !row) throw new ApiError(Code.walletState, { withdrawId: body.withdrawId, status: row?.status ?? null });
      return withdrawalView(row);
    },
  };
}

/** The provider's operations deciding a confirmed withdrawal: paid from its bank account, or refused. */
export async function decideFiatWithdrawal(ctx: ApiContext, withdrawId: string, approve: boolean): Promise<'complete' | 'cancelled'> {
  const now = nowDate(ctx);
  return ctx.db.transaction(async (tx) => {
    if (!approve) {
      const refused = await cancelUnconfirmed(tx, withdrawId, now, ['approvalPending']);
      if (!refused) throw new ApiError(Code.walletState, { withdrawId });
      await notifyWithdrawal(tx, 'withdrawalFailed', 'fiat', refused, now);
      return 'cancelled';
    }
    const rows = await tx.query<{ user_id: number; asset: string; amount: string; fee: string }>(
      `update wallet_withdrawals set status = 'complete', held = false, completed_at = $2, updated_at = $2
       where id = $1 and kind = 'fiat' and status = 'approvalPending' returning user_id, asset, amount::text as amount, fee::text as fee`,
      [withdrawId, now],
    );
    const row = rows[0];
    if (!row) throw new ApiError(Code.walletState, { withdrawId });
    const amount = new D(row.amount);
    const fee = new D(row.fee);
    // Paid: the held amount leaves the user; the bank pays out amount − fee, the fee is income.
    await post(
      tx,
      new Entry('withdraw_paid', `withdrawal:${withdrawId}`, row.user_id)
        .user(row.user_id, Account.capital, row.asset, amount.neg(), 'locked')
        .provider(`bank:${row.asset}`, row.asset, amount.sub(fee))
        .provider('fees', row.asset, fee),
      now,
    );
    await notifyWithdrawal(tx, 'withdrawalPaid', 'fiat', { id: withdrawId, ...row }, now);
    return 'complete';
  });
}
