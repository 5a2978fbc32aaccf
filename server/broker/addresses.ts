import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { COIN_NETWORKS, coinNetwork, isValidAddress, type Network, NETWORKS } from '../../contract/chains.ts';
import { BROKER_ADDRESS_CODE_TYPE, MAX_BROKER_ADDRESSES, type BrokerAddressState, type BrokerAddressType } from '../../contract/broker-config-rules.ts';
import { type BrokerAddress, type BrokerAddressCalls, brokerAddressCalls } from '../../contract/broker-config.ts';
import { isAddressName, NEW_DESTINATION_LOCK_HOURS } from '../../contract/rules.ts';
import { checkCode, consumeCodes, issueCode } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { type Handlers, serveCalls } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { Auth } from '../identity/sessions.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { pageQuery } from '../platform/records.ts';
import { brokerMember } from './org.ts';

/**
 * The broker's withdrawal address book (spec §7 "Broker calls"; contract/broker-config.ts; server/broker/README.md
 * "Address book and notification e-mails"). An entry is the exchange's withdrawal-whitelist entry: exchange, asset,
 * network, address (checked with its checksum per chain, contract/chains.ts), memo, a name of 4 to 20 characters (spec
 * §5) and whose address it is. Adding goes submit (`pending`) → invoke the e-mail validation → confirm with the
 * code (`whitelisted`). Every call starts from the caller's organisation (brokerMember: 403 without broker
 * rights) and touches only that organisation's rows; another's row is 404, as a missing one.
 */

type AddressView = Static<typeof BrokerAddress>;

interface AddressRow {
  id: string;
  exchange: AddressView['exchange'];
  asset: string;
  network: Network;
  address: string;
  memo: string | null;
  name: string;
  address_type: BrokerAddressType;
  status: BrokerAddressState;
  email_uuid: string | null;
  created_by: string;
  confirmed_by: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  usable_at: Date | null;
}

const columns = `a.id::text as id, a.exchange, a.asset, a.network, a.address, a.memo, a.name, a.address_type, a.status, a.email_uuid,
  cu.email as created_by, fu.email as confirmed_by, a.created_at, a.confirmed_at, a.usable_at`;
const from = 'broker_addresses a join users cu on cu.id = a.created_by left join users fu on fu.id = a.confirmed_by';

function addressView(row: AddressRow): AddressView {
  return {
    id: row.id,
    exchange: row.exchange,
    asset: row.asset,
    network: row.network,
    address: row.address,
    memo: row.memo,
    name: row.name,
    addressType: row.address_type,
    status: row.status,
    createdBy: row.created_by,
    confirmedBy: row.confirmed_by,
    createdAt: row.created_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    usableAt: row.usable_at?.toISOString() ?? null,
  };
}

/** An entry a withdrawal may go to, as the applications read it (fund-apply.ts, fund-sources.ts). */
export type WhitelistedAddress = Pick<AddressRow, 'id' | 'exchange' | 'asset' | 'network' | 'address' | 'memo' | 'name' | 'address_type'>;

/** Where a withdrawal may go: the organisation's whitelisted entries of the exchange and asset (spec §5). */
export async function whitelistedAddresses(db: Queryable, orgId: string, exchange: string, asset: string, network?: string): Promise<WhitelistedAddress[]> {
  return db.query<WhitelistedAddress>(
    `select id::text as id, exchange, asset, network, address, memo, name, address_type from broker_addresses
     where org_id = $1 and exchange = $2 and asset = $3 and ($4::text is null or network = $4) and status = 'whitelisted' and deleted_at is null
     order by address_type, id`,
    [orgId, exchange, asset, network ?? null],
  );
}

/**
 * A newly whitelisted entry is usable 24 hours after it was confirmed (the wallet address book's rule and code,
 * contract/rules.ts NEW_DESTINATION_LOCK_HOURS, 10203 `addressLocked` with `unlockAt`): a withdrawal to it is refused
 * before then, on applying and again on approving. Entries confirmed before the rule carry no time and are usable.
 */
export async function checkAddressUsable(db: Queryable, addressId: string, now: Date): Promise<void> {
  const rows = await db.query<{ usable_at: Date | null }>('select usable_at from broker_addresses where id = $1', [addressId]);
  const usableAt = rows[0]?.usable_at ?? null;
  if (usableAt && usableAt > now) throw new ApiError(Code.addressLocked, { unlockAt: usableAt.toISOString() });
}

/** One row of the organisation's book, or 404 (missing, deleted, or another organisation's: they look alike). */
async function loadAddress(db: Queryable, orgId: string, id: string): Promise<AddressRow> {
  const rows = await db.query<AddressRow>(`select ${columns} from ${from} where a.id = $1 and a.org_id = $2 and a.deleted_at is null`, [id, orgId]);
  if (!rows[0]) throw new ApiError(Code.notFound);
  return rows[0];
}

/** Writes to one organisation's book or notification list run one at a time: its limit and resubmits cannot race. */
export async function lockOrg(tx: Queryable, orgId: string): Promise<void> {
  await tx.query('select id from broker_orgs where id = $1 for update', [orgId]);
}

/** What differs between the two books that are confirmed by an e-mail code: the table, its confirmed state, the codes. */
export interface PendingBook {
  table: 'broker_addresses' | 'broker_message_configs';
  confirmed: 'whitelisted' | 'active';
  codeType: string;
  stateCode: typeof Code.brokerAddressState | typeof Code.messageConfigState;
}

interface PendingRow {
  id: string;
  status: string;
  email_uuid: string | null;
}

/**
 * invoke…EmailValidation: sends the code that confirms a pending entry to the caller's own e-mail (the sandbox's
 * e-mail codes, server/identity/codes.ts: the outbox, 10 minutes, 5 attempts, and spec §5's refusal of a second send
 * within 1 s, 10005) and keeps it as the entry's latest code.
 */
export async function invokeValidation(ctx: ApiContext, auth: Auth, orgId: string, row: PendingRow, book: PendingBook): Promise<{ id: string; uuid: string; expiresAt: string }> {
  if (row.status !== 'pending') throw new ApiError(book.stateCode, { status: row.status });
  const { uuid } = await issueCode(ctx, {
    channel: 'email',
    destination: auth.user.email_lower,
    businessType: book.codeType,
    userId: auth.user.id,
    account: auth.user.email_lower,
    ip: auth.ip,
  });
  await ctx.db.query(`update ${book.table} set email_uuid = $3 where id = $1 and org_id = $2 and status = 'pending'`, [row.id, orgId, uuid]);
  return { id: row.id, uuid, expiresAt: new Date(nowDate(ctx).getTime() + ctx.limits.codeTtlMs).toISOString() };
}

/**
 * confirm…: the code must be the entry's latest one (a code sent for another entry confirms nothing), sent to the
 * caller, right, unexpired and unused; it is used up in the transaction that confirms the entry, so parallel
 * confirmations confirm once.
 */
export async function confirmPending(
  ctx: ApiContext,
  auth: Auth,
  orgId: string,
  row: PendingRow,
  body: { emailUuid: string; emailCode: string },
  book: PendingBook,
): Promise<void> {
  if (row.status !== 'pending') throw new ApiError(book.stateCode, { status: row.status });
  // spec §5: the verification code must be fetched first.
  if (!row.email_uuid || !body.emailUuid) throw badInput('emailUuid', 'codeNotFetched', 'Please get a verification code first');
  if (body.emailUuid !== row.email_uuid) throw new ApiError(Code.codeExpired, { channel: 'email' });
  const uuid = await checkCode(ctx, {
    channel: 'email',
    uuid: body.emailUuid,
    code: body.emailCode,
    businessTypes: [book.codeType],
    destination: auth.user.email_lower,
    userId: auth.user.id,
    caller: { signedIn: true, userId: auth.user.id },
  });
  const now = nowDate(ctx);
  await ctx.db.transaction(async (tx) => {
    await consumeCodes(ctx, tx, [uuid]);
    const done = await tx.query(
      `update ${book.table} set status = $3, confirmed_by = $4, confirmed_at = $5, updated_at = $5
       where id = $1 and org_id = $2 and status = 'pending' and email_uuid = $6 and deleted_at is null returning id`,
      [row.id, orgId, book.confirmed, auth.user.id, now, uuid],
    );
    if (done.length !== 1) throw new ApiError(book.stateCode, { status: 'changed' });
    // A whitelisted address starts its 24-hour lock now (checkAddressUsable).
    if (book.table === 'broker_addresses') await tx.query('update broker_addresses set usable_at = $2 where id = $1', [row.id, new Date(now.getTime() + NEW_DESTINATION_LOCK_HOURS * 3_600_000)]);
  });
}

const ADDRESS_BOOK: PendingBook = { table: 'broker_addresses', confirmed: 'whitelisted', codeType: BROKER_ADDRESS_CODE_TYPE, stateCode: Code.brokerAddressState };

export function addressHandlers(ctx: ApiContext): Handlers<BrokerAddressCalls> {
  return {
    '/broker/address/pageBrokerAddress': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const q = body.queryCondition ?? {};
      const page = await pageQuery<AddressRow>(
        ctx.db,
        {
          select: columns,
          from,
          where: `a.org_id = $1 and a.deleted_at is null and ($2::text is null or a.exchange = $2) and ($3::text is null or a.asset = $3)
            and ($4::text is null or a.network = $4) and ($5::text is null or a.address_type = $5) and ($6::text is null or a.status = $6)`,
          order: 'a.id desc',
          params: [member.orgId, q.exchange ?? null, q.asset ?? null, q.network ?? null, q.addressType ?? null, q.status ?? null],
        },
        body.pageCondition,
      );
      return { list: page.rows.map(addressView), total: page.total, ...body.pageCondition };
    },

    '/broker/address/submitBrokerAddress': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const name = body.name.trim();
      // spec §5, §9: address name 4 to 20 characters.
      if (!isAddressName(name)) throw badInput('name', 'addressNameLength', 'The address name must be 4 to 20 characters');
      if (!coinNetwork(body.asset, body.network)) throw badInput('network', 'unsupported', `${body.asset} is not withdrawn on ${body.network}`);
      if (!isValidAddress(body.network, body.address)) throw badInput('address', 'checksum', 'The address is not a valid address of this network');
      // An address tag only where the network has one (the exchanges' whitelists refuse it elsewhere).
      if (body.memo !== undefined && !NETWORKS[body.network].memo) throw badInput('memo', 'notUsed', `${body.network} addresses take no memo`);
      const memo = body.memo ?? null;
      const now = nowDate(ctx);
      try {
        const id = await ctx.db.transaction(async (tx) => {
          await lockOrg(tx, member.orgId);
          const existing = await tx.query<{ id: string; status: BrokerAddressState }>(
            `select id::text as id, status from broker_addresses
             where org_id = $1 and exchange = $2 and asset = $3 and network = $4 and address = $5 and coalesce(memo, '') = coalesce($6, '') and deleted_at is null`,
            [member.orgId, body.exchange, body.asset, body.network, body.address, memo],
          );
          const found = existing[0];
          if (found?.status === 'whitelisted') throw new ApiError(Code.brokerAddressExists, { id: found.id });
          if (found) {
            // A pending entry submitted again (or a removed one put back): its name and type now, and a fresh confirmation.
            await tx.query(
              `update broker_addresses set name = $2, address_type = $3, status = 'pending', email_uuid = null, confirmed_by = null, confirmed_at = null,
                 updated_at = $4 where id = $1`,
              [found.id, name, body.addressType, now],
            );
            return found.id;
          }
          const count = await tx.query<{ n: string }>('select count(*)::text as n from broker_addresses where org_id = $1 and deleted_at is null', [member.orgId]);
          if (Number(count[0]?.n ?? 0) >= MAX_BROKER_ADDRESSES) throw new ApiError(Code.brokerAddressLimit, { max: MAX_BROKER_ADDRESSES });
          const inserted = await tx.query<{ id: string }>(
            `insert into broker_addresses (org_id, exchange, asset, network, address, memo, name, address_type, status, created_by, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $10) returning id::text as id`,
            [member.orgId, body.exchange, body.asset, body.network, body.address, memo, name, body.addressType, auth.user.id, now],
          );
          return inserted[0]!.id;
        });
        return addressView(await loadAddress(ctx.db, member.orgId, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(Code.brokerAddressExists);
        throw error;
      }
    },

    '/broker/address/invokeAddressAddEmailValidation': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      return invokeValidation(ctx, auth, member.orgId, await loadAddress(ctx.db, member.orgId, body.id), ADDRESS_BOOK);
    },

    '/broker/address/confirmBrokerAddress': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      await confirmPending(ctx, auth, member.orgId, await loadAddress(ctx.db, member.orgId, body.id), body, ADDRESS_BOOK);
      return addressView(await loadAddress(ctx.db, member.orgId, body.id));
    },

    '/broker/address/whitelist/remove': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const done = await ctx.db.query<{ id: string }>(
        `update broker_addresses set status = 'removed', updated_at = $3
         where id = $1 and org_id = $2 and status = 'whitelisted' and deleted_at is null returning id::text as id`,
        [body.id, member.orgId, nowDate(ctx)],
      );
      const row = await loadAddress(ctx.db, member.orgId, body.id);
      if (done.length !== 1) throw new ApiError(Code.brokerAddressState, { status: row.status });
      return addressView(row);
    },

    '/broker/address/delete': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const rows = await ctx.db.query<{ id: string }>(
        'update broker_addresses set deleted_at = $3, updated_at = $3 where id = $1 and org_id = $2 and deleted_at is null returning id::text as id',
        [body.id, member.orgId, nowDate(ctx)],
      );
      if (!rows[0]) throw new ApiError(Code.notFound);
      return { id: rows[0].id };
    },

    '/broker/address/listBrokerAndMasterAddressInfo': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const rows = await ctx.db.query<AddressRow>(
        `select ${columns} from ${from}
         where a.org_id = $1 and a.deleted_at is null and a.status = 'whitelisted' and a.exchange = $2 and a.asset = $3 and ($4::text is null or a.network = $4)
         order by a.name, a.id`,
        [member.orgId, body.exchange, body.asset, body.network ?? null],
      );
      const choice = (row: AddressRow) => ({ id: row.id, name: row.name, network: row.network, address: row.address, memo: row.memo });
      return {
        broker: rows.filter((r) => r.address_type === 'broker').map(choice),
        master: rows.filter((r) => r.address_type === 'master').map(choice),
      };
    },

    '/broker/address/selectAllAddressAsset': async ({ auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const counts = await ctx.db.query<{ asset: string; n: string }>(
        'select asset, count(*)::text as n from broker_addresses where org_id = $1 and deleted_at is null group by asset',
        [member.orgId],
      );
      const count = new Map(counts.map((c) => [c.asset, Number(c.n)]));
      const assets = [...new Set(COIN_NETWORKS.map((n) => n.asset))];
      return assets.map((asset) => ({
        asset,
        networks: COIN_NETWORKS.filter((n) => n.asset === asset).map((n) => ({ network: n.network, label: NETWORKS[n.network].label, memo: NETWORKS[n.network].memo })),
        count: count.get(asset) ?? 0,
      }));
    },
  };
}

export function brokerAddressRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerAddressCalls, addressHandlers(ctx));
}
