import { coinNetwork, isValidAddress, type Network } from '../../contract/chains.ts';
import { isAddressName } from '../../contract/rules.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { verifyStepUp, type StepUpFactors } from '../identity/step-up.ts';
import { type AddressContent, addressOperation, whitelistOffOperation } from '../identity/operations.ts';
import type { Auth } from '../identity/sessions.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import type { Handlers } from '../platform/contract.ts';
import type { WalletCalls } from '../../contract/wallet.ts';
import { COOLING_OFF_MS, DESTINATION_LOCK_MS, whitelistSettings, whitelistView } from './withdraw-limits.ts';

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

/**
 * Saves an address-book entry (coin or fiat) behind the step-up (password, e-mail code of `addAddress`, Google
 * code, sent for this `entry`): the factors are checked first, the e-mail code is used up in the same transaction as the insert, and
 * an entry that is already saved is 10210, not a server error.
 */
export async function saveWithStepUp<R>(
  ctx: ApiContext,
  auth: Auth,
  factors: StepUpFactors,
  entry: AddressContent,
  insert: (tx: Queryable) => Promise<R>,
): Promise<R> {
  // The code must have been sent for this entry (server/identity/operations.ts).
  const stepUp = await verifyStepUp(ctx, auth, factors, 'addAddress', { operation: addressOperation(entry) });
  try {
    return await ctx.db.transaction(async (tx) => {
      await stepUp.consume(tx);
      return insert(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(Code.addressExists);
    throw error;
  }
}

/** The withdrawal address book (24-hour lock on new addresses) and the whitelist switch. */
export function bookHandlers(ctx: ApiContext): Pick<Handlers<WalletCalls>, '/account/wallet/address/list' | '/account/wallet/address/add' | '/account/wallet/address/delete' | '/account/wallet/whitelist/get' | '/account/wallet/whitelist/set'> {
  return {
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
      const now = nowDate(ctx);
      const entry = { book: 'coin' as const, asset: body.asset, network: body.network, address: body.address, ...(body.memo !== undefined ? { memo: body.memo } : {}) };
      const row = await saveWithStepUp(ctx, auth, body, entry, async (tx) => {
        const rows = await tx.query<Parameters<typeof bookView>[0]>(
          `insert into address_book (user_id, kind, name, asset, network, address, memo, whitelisted, usable_at, created_at)
           values ($1, 'coin', $2, $3, $4, $5, $6, $7, least($8, (select d.usable_at from withdraw_destinations d
             where d.user_id = $1 and d.network = $4 and d.address = $5 and d.memo = coalesce($6, ''))), $9)
           returning id::text as id, name, asset, network, address, memo, whitelisted, usable_at, created_at`,
          [auth.user.id, body.name.trim(), body.asset, body.network, body.address, body.memo ?? null, body.whitelisted,
            new Date(now.getTime() + DESTINATION_LOCK_MS), now],
        );
        return rows[0]!;
      });
      return bookView(row);
    },

    '/account/wallet/address/delete': async ({ body, auth }) => {
      const rows = await ctx.db.query<{ id: string }>(
        'update address_book set deleted_at = $3 where id = $1 and user_id = $2 and deleted_at is null returning id::text as id',
        [body.id, auth.user.id, nowDate(ctx)],
      );
      if (!rows[0]) throw new ApiError(Code.notFound);
      return { id: rows[0].id };
    },

    '/account/wallet/whitelist/get': async ({ auth }) => whitelistView(await whitelistSettings(ctx.db, auth.user.id), nowDate(ctx)),

    '/account/wallet/whitelist/set': async ({ body, auth }) => {
      const now = nowDate(ctx);
      // Switching it off starts the cooling-off (only whitelisted addresses for 24 hours; switching it off again
      // while it is off keeps the running one); switching it on ends it.
      const write = (tx: Queryable) =>
        tx.query(
          `insert into wallet_settings as s (user_id, whitelist_on, cooling_off_until, updated_at) values ($1, $2, $4, $3)
           on conflict (user_id) do update set whitelist_on = excluded.whitelist_on, updated_at = excluded.updated_at,
             cooling_off_until = case when excluded.whitelist_on then null when s.whitelist_on then excluded.cooling_off_until else s.cooling_off_until end`,
          [auth.user.id, body.on, now, body.on ? null : new Date(now.getTime() + COOLING_OFF_MS)],
        );
      const reply = async () => whitelistView(await whitelistSettings(ctx.db, auth.user.id), now);
      if (body.on) {
        await write(ctx.db);
        return reply();
      }
      // Switching it off needs the password, the e-mail code and the Google code (spec §6 "Account restriction"; server/README.md "Step-up", step-up.ts).
      const stepUp = await verifyStepUp(ctx, auth, body, 'whitelistOff', { operation: whitelistOffOperation(auth.user.id) });
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await write(tx);
      });
      return reply();
    },
  };
}
