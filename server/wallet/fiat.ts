import { randomInt } from 'node:crypto';
import type { ReplyOf } from '../../contract/call.ts';
import { type FiatCalls, FIAT_ASSETS, fiatAsset, fiatDay, isBeneficiaryName } from '../../contract/fiat.ts';
import { isAddressName, KYC_LEVEL_FOR } from '../../contract/rules.ts';
import { consumeCodes, issueCode } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { kycState } from '../identity/kyc.ts';
import type { Auth } from '../identity/sessions.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { D, out } from '../platform/decimal.ts';
import { lookUpBank, PROVIDER_BANK } from './banks.ts';
import { ADDRESS_LOCK_MS, saveWithStepUp } from './book.ts';
import { cancelUnconfirmed, notifyWithdrawal, sweep } from './chain.ts';
import { notify } from '../platform/notify.ts';
import { pageQuery, recordOrder } from '../platform/records.ts';
import { timeWindow } from '../platform/time-window.ts';
import { checkMayWithdraw, checkWithdrawCodes, withdrawOnce } from './withdrawals.ts';

/**
 * The fiat wallet (contract/fiat.ts; server/README.md "Wallet, fiat side"):
 * - deposits are declared by the user (amount and the sending bank's reference, quoting their own reference)
 *   and wait for the provider's approval (approvalPending → complete, or cancelled), credited from `bank:<asset>`;
 * - withdrawals go only to a saved bank account past its 24-hour lock, in three calls: submit (rules, hold,
 *   today's limit, e-mail code) → confirm (e-mail and Google codes) → the provider's approval pays out
 *   (complete) or refuses (cancelled, hold and limit given back). The user may cancel before it is paid.
 */

type FiatWithdrawalReply = ReplyOf<FiatCalls['/account/block/confirmBlockFiatWithdraw']>;
type FiatRecordReply = ReplyOf<FiatCalls['/account/block/submitBlockFiatDeposit']>;
type FiatBookReply = ReplyOf<FiatCalls['/account/wallet/fiatAddress/list']>[number];

/** How long a submitted withdrawal waits for its e-mail and Google codes, holding the amount. */
const UNCONFIRMED_MS = 15 * 60_000;
/** Letters and digits that cannot be mistaken for each other when typed into a bank's reference field. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

interface WithdrawalRow {
  id: string;
  request_id: string;
  status: FiatWithdrawalReply['status'];
  asset: string;
  address_book_id: string;
  amount: string;
  fee: string;
  email_uuid: string | null;
  expires_at: Date | null;
}

const withdrawalColumns = `id::text as id, request_id, status, asset, address_book_id::text as address_book_id, amount::text as amount,
  fee::text as fee, email_uuid, expires_at`;

function withdrawalView(row: WithdrawalRow): FiatWithdrawalReply {
  return {
    withdrawId: row.id,
    requestId: row.request_id,
    status: row.status,
    asset: row.asset,
    addressId: row.address_book_id,
    amount: out(new D(row.amount)),
    fee: out(new D(row.fee)),
    receive: out(new D(row.amount).sub(row.fee)),
    emailUuid: row.status === 'unconfirmed' ? row.email_uuid : null,
    expiresAt: row.status === 'unconfirmed' ? (row.expires_at?.toISOString() ?? null) : null,
  };
}

interface RecordRow {
  record_id: string;
  type: 'deposit' | 'withdraw';
  asset: string;
  amount: string;
  fee: string;
  status: FiatRecordReply['status'];
  reference: string | null;
  bank_reference: string | null;
  beneficiary: string | null;
  bank_name: string | null;
  account_number: string | null;
  created_at: Date;
  completed_at: Date | null;
}

function recordView(row: RecordRow): FiatRecordReply {
  return {
    recordId: row.record_id,
    type: row.type,
    asset: row.asset,
    amount: out(new D(row.amount)),
    fee: out(new D(row.fee)),
    status: row.status,
    reference: row.reference,
    bankReference: row.bank_reference,
    beneficiary: row.beneficiary,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** The fiat records of a user, both kinds, newest first (one query for the page; `$1` user). */
const recordSource = `(
  select 'FD' || d.id as record_id, 'deposit' as type, d.id, d.asset, d.amount, 0::numeric as fee, d.status, d.reference,
    d.bank_reference, null::text as beneficiary, null::text as bank_name, null::text as account_number, d.created_at, d.completed_at
  from wallet_deposits d where d.user_id = $1 and d.kind = 'fiat'
  union all
  select 'FW' || w.id, 'withdraw', w.id, w.asset, w.amount, w.fee, w.status, null, null, b.beneficiary, b.bank_name, b.account_number,
    w.created_at, w.completed_at
  from wallet_withdrawals w join address_book b on b.id = w.address_book_id
  where w.user_id = $1 and w.kind = 'fiat' and w.status <> 'unconfirmed'
) r`;

function requireFiat(asset: string) {
  const fiat = fiatAsset(asset);
  if (!fiat) throw badInput('asset', 'unsupported', `${asset} is not a fiat currency of the wallet`);
  return fiat;
}

/** spec §6: advanced KYC unlocks fiat; the wallet and recharge switches close deposits. */
async function checkMayDeposit(ctx: ApiContext, auth: Auth): Promise<void> {
  if (auth.user.frozen_at) throw new ApiError(Code.frozen);
  for (const feature of ['wallet', 'recharge'] as const) {
    if (auth.user.disabled_features.includes(feature)) throw new ApiError(Code.serviceSuspended, { feature });
  }
  if ((await kycState(ctx.db, auth.user.id))[KYC_LEVEL_FOR.fiat].status !== 'Certified') {
    throw new ApiError(Code.kycState, { level: KYC_LEVEL_FOR.fiat });
  }
}

/** The user's reference to quote on bank transfers: made once, random, unique among users. */
async function depositReference(ctx: ApiContext, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await ctx.db.query<{ reference: string }>('select reference from fiat_references where user_id = $1', [userId]);
    if (existing[0]) return existing[0].reference;
    const reference = `TD${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
    try {
      await ctx.db.query('insert into fiat_references (user_id, reference, created_at) values ($1, $2, $3) on conflict (user_id) do nothing', [
        userId,
        reference,
        nowDate(ctx),
      ]);
    } catch (error) {
      // Another user has this reference: draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('No unique deposit reference after 5 draws');
}

/** Today's limit of a currency for a user (Hong Kong day). */
async function remaining(db: Queryable, userId: number, asset: string, now: Date) {
  const fiat = requireFiat(asset);
  const { day, resetsAt } = fiatDay(now);
  const rows = await db.query<{ used: string }>('select used::text as used from fiat_daily_usage where user_id = $1 and asset = $2 and day = $3', [
    userId,
    asset,
    day,
  ]);
  const used = new D(rows[0]?.used ?? '0');
  const left = D.max(0, new D(fiat.dailyLimit).sub(used));
  return { asset, dailyLimit: fiat.dailyLimit, used: out(used), remaining: out(left), resetsAt: resetsAt.toISOString(), day };
}

function bookView(row: {
  id: string;
  name: string;
  asset: string;
  beneficiary: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  usable_at: Date;
  created_at: Date;
}): FiatBookReply {
  return {
    id: row.id,
    name: row.name,
    asset: row.asset,
    beneficiary: row.beneficiary,
    bankCode: row.bank_code,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    usableAt: row.usable_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}
const bookColumns = 'id::text as id, name, asset, beneficiary, bank_code, bank_name, account_number, usable_at, created_at';

export function fiatHandlers(ctx: ApiContext): Handlers<FiatCalls> {
  const loadWithdrawal = async (db: Queryable, userId: number, withdrawId: string) =>
    (await db.query<WithdrawalRow>(`select ${withdrawalColumns} from wallet_withdrawals where id = $1 and user_id = $2 and kind = 'fiat'`, [withdrawId, userId]))[0];

  return {
    '/account/wallet/listFiatSupportAsset': async () => FIAT_ASSETS.map((f) => ({ ...f })),

    '/account/wallet/fiat/depositInfo': async ({ body, auth }) => {
      const fiat = requireFiat(body.asset);
      await checkMayDeposit(ctx, auth);
      return {
        asset: fiat.asset,
        reference: await depositReference(ctx, auth.user.id),
        beneficiary: PROVIDER_BANK.beneficiary,
        bankName: PROVIDER_BANK.bankName,
        bankAddress: PROVIDER_BANK.bankAddress,
        swift: PROVIDER_BANK.swift,
        accountNumber: PROVIDER_BANK.accountNumber[fiat.asset]!,
        depositMin: fiat.depositMin,
      };
    },

    '/account/block/submitBlockFiatDeposit': async ({ body, auth }) => {
      const userId = auth.user.id;
      const columns = `'FD' || id as record_id, 'deposit' as type, asset, amount::text as amount, '0' as fee, status, reference, bank_reference,
        null as beneficiary, null as bank_name, null as account_number, created_at, completed_at`;
      const replay = async () => {
        const row = (await ctx.db.query<RecordRow>(`select ${columns} from wallet_deposits where user_id = $1 and request_id = $2`, [userId, body.requestId]))[0];
        if (!row) return null;
        if (row.asset !== body.asset || !new D(row.amount).eq(body.amount) || row.bank_reference !== body.bankReference) {
          throw new ApiError(Code.requestIdReused, { recordId: row.record_id });
        }
        return recordView(row);
      };
      const first = await replay();
      if (first) return first;
      const fiat = requireFiat(body.asset);
      await checkMayDeposit(ctx, auth);
      const amount = new D(body.amount);
      if (amount.decimalPlaces() > fiat.decimals) throw badInput('amount', 'decimals', `amount has more than ${fiat.decimals} decimals`);
      // spec §5: a deposit must not be below the minimum.
      if (amount.lt(fiat.depositMin)) throw new ApiError(Code.amountOutOfRange, { min: fiat.depositMin, max: null });
      const reference = await depositReference(ctx, userId);
      const now = nowDate(ctx);
      try {
        const rows = await ctx.db.query<RecordRow>(
          `insert into wallet_deposits (user_id, kind, asset, amount, status, reference, bank_reference, request_id, seen_at, created_at)
           values ($1, 'fiat', $2, $3, 'approvalPending', $4, $5, $6, $7, $7) returning ${columns}`,
          [userId, body.asset, amount.toFixed(), reference, body.bankReference, body.requestId, now],
        );
        return recordView(rows[0]!);
      } catch (error) {
        if (isUniqueViolation(error)) {
          const again = await replay();
          if (again) return again;
        }
        throw error;
      }
    },

    '/account/block/fiat/pageTransaction': async ({ body, auth }) => {
      const q = body.queryCondition;
      const now = nowDate(ctx);
      const { since, until } = timeWindow(q, now);
      const where = `type = $2 and created_at >= $3 and created_at < $6 and ($4::text is null or asset = $4) and ($5::text is null or status = $5)`;
      const params = [auth.user.id, q.type, since, q.asset ?? null, q.status ?? null, until];
      const { pageNum, pageSize } = body.pageCondition;
      const { rows, total } = await pageQuery<RecordRow>(
        ctx.db,
        {
          select: `record_id, type, asset, amount::text as amount, fee::text as fee, status, reference, bank_reference, beneficiary, bank_name,
            account_number, created_at, completed_at`,
          from: recordSource,
          where,
          order: recordOrder(body.sort),
          params,
        },
        body.pageCondition,
      );
      return { list: rows.map(recordView), total, pageNum, pageSize };
    },

    '/account/block/getBlockFiatWithdrawRemainingAmount': async ({ body, auth }) => {
      const { day: _day, ...left } = await remaining(ctx.db, auth.user.id, body.asset, nowDate(ctx));
      return left;
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
        const amount = new D(body.amount);
        if (amount.decimalPlaces() > fiat.decimals) throw badInput('amount', 'decimals', `amount has more than ${fiat.decimals} decimals`);
        const fee = new D(fiat.withdrawFee);
        // spec §5: above the fee, within the minimum and maximum.
        if (amount.lte(fee)) throw new ApiError(Code.amountBelowFee, { fee: fiat.withdrawFee });
        if (amount.lt(fiat.withdrawMin) || amount.gt(fiat.withdrawMax)) {
          throw new ApiError(Code.amountOutOfRange, { min: fiat.withdrawMin, max: fiat.withdrawMax });
        }
        const now = nowDate(ctx);
        const { day } = fiatDay(now);
        return ctx.db.transaction(async (tx) => {
          // Fiat goes only to a saved bank account of this currency, past its 24-hour lock.
          const book = (await tx.query<{ usable_at: Date }>(
            `select usable_at from address_book where id = $1 and user_id = $2 and kind = 'fiat' and asset = $3 and deleted_at is null`,
            [body.addressId, userId, body.asset],
          ))[0];
          if (!book) throw badInput('addressId', 'unknown', 'No saved bank account of this currency with this id');
          if (book.usable_at > now) throw new ApiError(Code.addressLocked, { unlockAt: book.usable_at.toISOString() });
          // Today's limit: the check and the increment in one statement, so parallel requests cannot pass it together.
          const counted = await tx.query<{ used: string }>(
            `insert into fiat_daily_usage as u (user_id, asset, day, used) select $1, $2, $3, $4 where $4::numeric <= $5::numeric
             on conflict (user_id, asset, day) do update set used = u.used + excluded.used where u.used + excluded.used <= $5::numeric
             returning used::text as used`,
            [userId, body.asset, day, amount.toFixed(), fiat.dailyLimit],
          );
          if (!counted[0]) {
            const left = await remaining(tx, userId, body.asset, now);
            throw new ApiError(Code.fiatDailyLimit, { remaining: left.remaining, resetsAt: left.resetsAt });
          }
          const inserted = await tx.query<WithdrawalRow>(
            `insert into wallet_withdrawals (user_id, request_id, kind, asset, address, address_book_id, amount, fee, status, held, limit_day,
               expires_at, created_at, updated_at)
             select $1, $2, 'fiat', $3, b.account_number, b.id, $5, $6, 'unconfirmed', true, $7, $8, $9, $9 from address_book b where b.id = $4
             returning ${withdrawalColumns}`,
            [userId, body.requestId, body.asset, body.addressId, amount.toFixed(), fee.toFixed(), day, new Date(now.getTime() + UNCONFIRMED_MS), now],
          );
          const created = inserted[0]!;
          // Held now, so parallel requests cannot together spend more than the free balance.
          await post(tx, new Entry('withdraw_hold', `withdrawal:${created.id}`, userId).hold(userId, Account.capital, body.asset, amount), now);
          return created;
        });
      }, (row, emailUuid) => withdrawalView({ ...row, email_uuid: emailUuid }));
    },

    '/account/block/invokeBlockFiatWithdrawalEmailValidation': async ({ body, auth }) => {
      await sweep(ctx);
      const row = await loadWithdrawal(ctx.db, auth.user.id, body.withdrawId);
      if (!row || row.status !== 'unconfirmed') throw new ApiError(Code.walletState, { withdrawId: body.withdrawId, status: row?.status ?? null });
      // A refusal of the sender (its 1 s guard, a send limit) reaches the user as it is.
      const { uuid } = await issueCode(ctx, {
        channel: 'email',
        destination: auth.user.email_lower,
        businessType: 'withdraw',
        userId: auth.user.id,
        account: auth.user.email_lower,
        ip: auth.ip,
      });
      await ctx.db.query('update wallet_withdrawals set email_uuid = $2 where id = $1', [row.id, uuid]);
      return withdrawalView({ ...row, email_uuid: uuid });
    },

    '/account/block/confirmBlockFiatWithdraw': async ({ body, auth }) => {
      await sweep(ctx);
      const row = await loadWithdrawal(ctx.db, auth.user.id, body.withdrawId);
      if (!row || row.status !== 'unconfirmed') throw new ApiError(Code.walletState, { withdrawId: body.withdrawId, status: row?.status ?? null });
      // The rules again at the moment it is sent: a ban or a switch that came after the submit still applies.
      await checkMayWithdraw(ctx, auth.user, 'fiat');
      const emailUuid = await checkWithdrawCodes(ctx, auth, body);
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

    '/account/wallet/fiat/bankCode': async ({ body }) => {
      const bank = lookUpBank(body.bankCode);
      if (!bank) throw new ApiError(Code.bankCodeNotFound, { bankCode: body.bankCode });
      return { bankCode: body.bankCode, ...bank };
    },

    '/account/wallet/fiatAddress/list': async ({ body, auth }) => {
      const rows = await ctx.db.query<Parameters<typeof bookView>[0]>(
        `select ${bookColumns} from address_book
         where user_id = $1 and kind = 'fiat' and deleted_at is null and ($2::text is null or asset = $2) order by id desc`,
        [auth.user.id, body.asset ?? null],
      );
      return rows.map(bookView);
    },

    '/account/wallet/fiatAddress/add': async ({ body, auth }) => {
      // spec §5: the name is 4 to 20 characters; the beneficiary as the bank has it; the bank must be known.
      if (!isAddressName(body.name)) throw badInput('name', 'addressNameLength', 'The address name must be 4 to 20 characters');
      requireFiat(body.asset);
      if (!isBeneficiaryName(body.beneficiary)) throw badInput('beneficiary', 'beneficiaryName', 'The beneficiary must be 2 to 70 letters, digits or . , \' & ( ) / -');
      const bank = lookUpBank(body.bankCode);
      if (!bank) throw new ApiError(Code.bankCodeNotFound, { bankCode: body.bankCode });
      const now = nowDate(ctx);
      const row = await saveWithStepUp(ctx, auth, body, async (tx) => {
        const rows = await tx.query<Parameters<typeof bookView>[0]>(
          `insert into address_book (user_id, kind, name, asset, beneficiary, bank_code, bank_name, account_number, whitelisted, usable_at, created_at)
           values ($1, 'fiat', $2, $3, $4, $5, $6, $7, true, $8, $9) returning ${bookColumns}`,
          [auth.user.id, body.name.trim(), body.asset, body.beneficiary.trim(), body.bankCode, bank.bankName, body.accountNumber,
            new Date(now.getTime() + ADDRESS_LOCK_MS), now],
        );
        return rows[0]!;
      });
      return bookView(row);
    },

    '/account/wallet/fiatAddress/delete': async ({ body, auth }) => {
      const rows = await ctx.db.query<{ id: string }>(
        `update address_book set deleted_at = $3 where id = $1 and user_id = $2 and kind = 'fiat' and deleted_at is null returning id::text as id`,
        [body.id, auth.user.id, nowDate(ctx)],
      );
      if (!rows[0]) throw new ApiError(Code.notFound);
      return { id: rows[0].id };
    },
  };
}

/** The provider's operations deciding a declared deposit: credited from its bank account, or cancelled. */
export async function decideFiatDeposit(ctx: ApiContext, depositId: string, approve: boolean): Promise<'complete' | 'cancelled'> {
  const now = nowDate(ctx);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: number; asset: string; amount: string }>(
      `update wallet_deposits set status = $2, completed_at = $3 where id = $1 and kind = 'fiat' and status = 'approvalPending'
       returning user_id, asset, amount::text as amount`,
      [depositId, approve ? 'complete' : 'cancelled', now],
    );
    const row = rows[0];
    if (!row) throw new ApiError(Code.walletState, { depositId });
    if (approve) {
      const amount = new D(row.amount);
      await post(
        tx,
        new Entry('deposit', `deposit:${depositId}`, row.user_id).user(row.user_id, Account.capital, row.asset, amount).provider(`bank:${row.asset}`, row.asset, amount.neg()),
        now,
      );
      const params = { channel: 'fiat' as const, asset: row.asset, amount: amount.toFixed(), recordId: `FD${depositId}` };
      await notify(tx, row.user_id, 'depositCredited', params, `deposit:${depositId}`, now);
    }
    return approve ? 'complete' : 'cancelled';
  });
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
