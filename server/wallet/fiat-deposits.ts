import { randomInt } from 'node:crypto';
import { type FiatCalls, FIAT_ASSETS } from '../../contract/fiat.ts';
import { KYC_LEVEL_FOR } from '../../contract/rules.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { kycState } from '../identity/kyc.ts';
import type { Auth } from '../identity/sessions.ts';
import { isUniqueViolation } from '../platform/db/client.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { D } from '../platform/decimal.ts';
import { PROVIDER_BANK } from './banks.ts';
import { requireFiat } from './fiat-limits.ts';
import { type RecordRow, recordView } from './fiat-records.ts';
import { notify } from '../platform/notify.ts';
import { refuseIfFrozen } from '../identity/freeze-guard.ts';

/** Letters and digits that cannot be mistaken for each other when typed into a bank's reference field. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** spec §6: advanced KYC unlocks fiat; the wallet and recharge switches close deposits. */
async function checkMayDeposit(ctx: ApiContext, auth: Auth): Promise<void> {
  refuseIfFrozen(auth.user);
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

/** The fiat currencies, the provider's bank details with the user's reference, and a declared deposit (idempotent). */
export function fiatDepositHandlers(
  ctx: ApiContext,
): Pick<Handlers<FiatCalls>, '/account/wallet/listFiatSupportAsset' | '/account/wallet/fiat/depositInfo' | '/account/block/submitBlockFiatDeposit'> {
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
