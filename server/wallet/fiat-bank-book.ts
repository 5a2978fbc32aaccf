import type { ReplyOf } from '../../contract/call.ts';
import { type FiatCalls, isBeneficiaryName } from '../../contract/fiat.ts';
import { isAddressName } from '../../contract/rules.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { lookUpBank } from './banks.ts';
import { saveWithStepUp } from './book.ts';
import { DESTINATION_LOCK_MS } from './withdraw-limits.ts';
import { requireFiat } from './fiat-limits.ts';

type FiatBookReply = ReplyOf<FiatCalls['/account/wallet/fiatAddress/list']>[number];

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

type BankBookCalls = '/account/wallet/fiat/bankCode' | '/account/wallet/fiatAddress/list' | '/account/wallet/fiatAddress/add' | '/account/wallet/fiatAddress/delete';

/** The bank look-up and the user's saved bank accounts (saved with step-up, usable after the 24-hour lock). */
export function fiatBankBookHandlers(ctx: ApiContext): Pick<Handlers<FiatCalls>, BankBookCalls> {
  return {
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
      const entry = { book: 'fiat' as const, asset: body.asset, beneficiary: body.beneficiary, bankCode: body.bankCode, accountNumber: body.accountNumber };
      const row = await saveWithStepUp(ctx, auth, body, entry, async (tx) => {
        const rows = await tx.query<Parameters<typeof bookView>[0]>(
          `insert into address_book (user_id, kind, name, asset, beneficiary, bank_code, bank_name, account_number, whitelisted, usable_at, created_at)
           values ($1, 'fiat', $2, $3, $4, $5, $6, $7, true, $8, $9) returning ${bookColumns}`,
          [auth.user.id, body.name.trim(), body.asset, body.beneficiary.trim(), body.bankCode, bank.bankName, body.accountNumber,
            new Date(now.getTime() + DESTINATION_LOCK_MS), now],
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
