import { randomBytes } from 'node:crypto';
import type { Static } from 'typebox';
import {
  BROKER_EXCHANGE_RULES,
  type ApiKeyPermission,
  type BrokerExchange,
  grantedPermissions,
  parseIpList,
  UNBOUND_KEY_VALID_MONTHS,
} from '../../contract/broker-rules.ts';
import type { BrokerAccountCalls, ExchangeKey } from '../../contract/broker.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { verifyStepUp } from '../identity/step-up.ts';
import { accountOf, checkIdRange, subAccountRef } from './accounts.ts';
import { brokerMember } from './org.ts';
import type { SecretBox } from './secrets.ts';

/**
 * API keys of sub-accounts (spec §5, §6, §9; contract/broker.ts exchangeKey/*). The sandbox makes the key as the
 * exchange would (binance broker `subAccountApi`, okx `nd/subaccount/apikey`): a public access key and a secret,
 * the secret returned once in the create reply and otherwise kept only sealed (secrets.ts). Permissions follow the
 * exchange's table (BROKER_EXCHANGE_RULES); withdraw needs a bound IP and brings read; a key with no bound IP
 * expires 3 months after creation.
 *
 * A key that can move money (`transfers`, `withdraw`: MONEY_PERMISSIONS) is never one person's (spec §4
 * maker-checker, §6; server/broker/README.md "Maker-checker controls"): its maker passes the step-up, the key is
 * made `pending` with a request another member approves (controls.ts), and only then does the maker take the
 * secret, once, with the step-up again (exchangeKey/claimSecret). The checker never sees it. A key's permissions
 * are set when it is made: no call changes them (a wider key is a new key, under the same rule).
 */
export const MONEY_PERMISSIONS: readonly ApiKeyPermission[] = ['transfers', 'withdraw'];

type KeyView = Static<typeof ExchangeKey>;

interface KeyRow {
  id: string;
  account_id: string;
  exchange_code: BrokerExchange;
  account_name: string;
  api_key: string;
  permissions: ApiKeyPermission[];
  ip_list: string[];
  remark: string;
  expires_at: Date | null;
  created_by: number;
  created_by_email: string;
  status: 'pending' | 'active' | 'rejected';
  secret_claimed_at: Date | null;
  approval_id: string | null;
  request_id: string;
  created_at: Date;
  updated_at: Date;
}

const KEY_COLUMNS = `k.id::text as id, k.account_id::text as account_id, a.exchange_code, a.name as account_name, k.api_key, k.permissions,
  k.ip_list, k.remark, k.expires_at, k.created_by, (select email from users u where u.id = k.created_by) as created_by_email, k.request_id,
  k.status, k.secret_claimed_at, (select r.id::text from broker_control_requests r where r.key_id = k.id) as approval_id,
  k.created_at, k.updated_at`;
const KEY_FROM = 'broker_exchange_keys k join broker_accounts a on a.id = k.account_id';

/** Calendar months later, on the same day or the month's last (31 Aug + 3 months = 30 Nov), in UTC. */
export function addMonths(at: Date, months: number): Date {
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return target;
}

function keyView(row: KeyRow, now: Date, userId: number): KeyView {
  return {
    keyId: row.id,
    ...subAccountRef(row),
    apiKey: row.api_key,
    permissions: row.permissions,
    ipList: row.ip_list,
    remark: row.remark,
    expiresAt: row.expires_at?.toISOString() ?? null,
    status: row.status === 'pending' ? 'pending' : row.expires_at && row.expires_at <= now ? 'expired' : 'active',
    approvalId: row.approval_id,
    secretToClaim: row.created_by === userId && row.status === 'active' && row.approval_id !== null && row.secret_claimed_at === null,
    createdBy: row.created_by_email,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The organisation's live key, or 404 (another organisation's is as unknown as a missing one). */
async function keyOf(db: Queryable, orgId: string, keyId: string, lock = false): Promise<KeyRow> {
  checkIdRange(keyId, 'keyId');
  const rows = await db.query<KeyRow>(
    `select ${KEY_COLUMNS} from ${KEY_FROM} where k.id = $1 and k.org_id = $2 and k.deleted_at is null${lock ? ' for update of k' : ''}`,
    [keyId, orgId],
  );
  if (!rows[0]) throw new ApiError(Code.notFound, { field: 'keyId' });
  return rows[0];
}

const IP_RULE_MESSAGES = {
  length: 'The bound IP text is longer than 500 characters',
  count: 'At most 20 IP addresses can be bound',
  format: 'Each bound IP must be an IPv4 or IPv6 address',
  duplicate: 'An IP address is listed twice',
} as const;

const randomText = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, 64);

export function keyHandlers(
  ctx: ApiContext,
  secrets: SecretBox,
): Pick<Handlers<BrokerAccountCalls>, 
  '/broker/exchangeKey/pageBrokerExchangeKey' | '/broker/exchangeKey/insertBrokerExchangeKey' | '/broker/exchangeKey/accessKeyInfo' | '/broker/exchangeKey/claimSecret' | '/broker/exchangeKey/delete' | '/broker/exchangeKey/updateRemark'
> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/exchangeKey/pageBrokerExchangeKey': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const now = nowDate(ctx);
      const q = body.queryCondition ?? {};
      if (q.brokerAccountId) await accountOf(ctx.db, orgId, q.brokerAccountId);
      const where = ['k.org_id = $1', 'k.deleted_at is null', 'a.deleted_at is null'];
      const params: unknown[] = [orgId];
      if (q.exchangeCode) where.push(`a.exchange_code = $${params.push(q.exchangeCode)}`);
      if (q.brokerAccountId) where.push(`k.account_id = $${params.push(q.brokerAccountId)}`);
      if (q.status === 'pending') where.push(`k.status = 'pending'`);
      if (q.status === 'expired') where.push(`k.status = 'active' and k.expires_at <= $${params.push(now)}`);
      if (q.status === 'active') where.push(`k.status = 'active' and (k.expires_at is null or k.expires_at > $${params.push(now)})`);
      const total = (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${KEY_FROM} where ${where.join(' and ')}`, params))[0]!.n;
      const { pageNum, pageSize } = body.pageCondition;
      const rows = await ctx.db.query<KeyRow>(
        `select ${KEY_COLUMNS} from ${KEY_FROM} where ${where.join(' and ')} order by k.id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`,
        params,
      );
      return { list: rows.map((r) => keyView(r, now, auth.user.id)), total, pageNum, pageSize };
    },

    '/broker/exchangeKey/insertBrokerExchangeKey': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      // Shape rules before anything is looked up: spec §5 bound IPs, spec §6 permissions.
      const ips = parseIpList(body.ipList ?? '');
      if (!ips.ok) throw badInput('ipList', ips.rule, ips.entry ? `${IP_RULE_MESSAGES[ips.rule]}: ${ips.entry}` : IP_RULE_MESSAGES[ips.rule]);
      // spec §6: a key that can move money needs the step-up (password, an e-mail code of business type brokerApiKey,
      // the Google code when bound), checked before the transaction; a replay of a made key does not.
      if (body.permissions.includes('withdraw') && ips.ips.length === 0) throw badInput('ipList', 'withdrawNeedsIp', 'The withdraw permission needs at least one bound IP');
      const moving = body.permissions.some((p) => MONEY_PERMISSIONS.includes(p));
      const replay = await ctx.db.query('select 1 from broker_exchange_keys where org_id = $1 and request_id = $2', [orgId, body.requestId]);
      const stepUp = moving && !replay[0] ? await verifyStepUp(ctx, auth, body, 'brokerApiKey') : null;
      return ctx.db.transaction(async (tx) => {
        // The sub-account's row is locked: creates on one sub-account run one after another, so the key limit
        // holds and a retry with the same requestId finds the first key.
        const account = await accountOf(tx, orgId, body.brokerAccountId, true);
        const previous = await tx.query<KeyRow>(`select ${KEY_COLUMNS} from ${KEY_FROM} where k.org_id = $1 and k.request_id = $2`, [orgId, body.requestId]);
        if (previous[0]) {
          if (previous[0].account_id !== account.id) throw new ApiError(Code.requestIdReused, { requestId: body.requestId });
          return { key: keyView(previous[0], at, auth.user.id), secretKey: null, replayed: true };
        }
        const rule = BROKER_EXCHANGE_RULES[account.exchange_code];
        const granted = grantedPermissions(account.exchange_code, body.permissions, ips.ips.length);
        if (!granted.ok) {
          const messages = {
            empty: 'Choose at least one permission',
            notOffered: `${account.exchange_code} does not offer the permission ${granted.permission ?? ''}`,
            withdrawNeedsIp: 'The withdraw permission needs at least one bound IP',
          };
          throw badInput(granted.rule === 'withdrawNeedsIp' ? 'ipList' : 'permissions', granted.rule, messages[granted.rule]);
        }
        if (rule.passphrase && !body.passphrase) throw badInput('passphrase', 'required', `${account.exchange_code} keys need a passphrase`);
        if (!rule.passphrase && body.passphrase !== undefined) throw badInput('passphrase', 'notUsed', `${account.exchange_code} keys have no passphrase`);
        const count = await tx.query<{ n: number }>('select count(*)::int as n from broker_exchange_keys where account_id = $1 and deleted_at is null', [account.id]);
        if ((count[0]?.n ?? 0) >= rule.maxKeysPerAccount) throw new ApiError(Code.brokerKeyLimit, { max: rule.maxKeysPerAccount });

        if (stepUp) await stepUp.consume(tx);
        const apiKey = randomText(48);
        const secretKey = randomText(48);
        const expiresAt = ips.ips.length === 0 ? addMonths(at, UNBOUND_KEY_VALID_MONTHS) : null;
        const inserted = await tx.query<{ id: string }>(
          `insert into broker_exchange_keys (org_id, account_id, api_key, secret_cipher, passphrase_cipher, permissions, ip_list, remark, expires_at,
             created_by, request_id, created_at, updated_at, status)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13) returning id::text as id`,
          [
            orgId,
            account.id,
            apiKey,
            secrets.seal(secretKey, apiKey),
            body.passphrase ? secrets.seal(body.passphrase, `${apiKey}:passphrase`) : null,
            granted.permissions,
            ips.ips,
            body.remark ?? '',
            expiresAt,
            auth.user.id,
            body.requestId,
            at,
            moving ? 'pending' : 'active',
          ],
        );
        const keyId = inserted[0]!.id;
        // A money-moving key waits for a second member; its secret stays sealed until its maker takes it.
        if (moving) {
          await tx.query(
            `insert into broker_control_requests (org_id, kind, status, account_id, key_id, applicant_id, created_at) values ($1, 'api_key', 'applying', $2, $3, $4, $5)`,
            [orgId, account.id, keyId, auth.user.id, at],
          );
        }
        return { key: keyView(await keyOf(tx, orgId, keyId), at, auth.user.id), secretKey: moving ? null : secretKey, replayed: false };
      });
    },

    '/broker/exchangeKey/accessKeyInfo': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return keyView(await keyOf(ctx.db, orgId, body.keyId), nowDate(ctx), auth.user.id);
    },

    '/broker/exchangeKey/claimSecret': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const unavailable = (row: KeyRow): 'notMaker' | 'pending' | 'claimed' | null =>
        row.created_by !== auth.user.id ? 'notMaker' : row.status === 'pending' ? 'pending' : row.approval_id === null || row.secret_claimed_at ? 'claimed' : null;
      const before = unavailable(await keyOf(ctx.db, orgId, body.keyId));
      if (before) throw new ApiError(Code.brokerSecretUnavailable, { reason: before });
      const stepUp = await verifyStepUp(ctx, auth, body, 'brokerApiKey');
      return ctx.db.transaction(async (tx) => {
        const row = await keyOf(tx, orgId, body.keyId, true);
        const reason = unavailable(row);
        if (reason) throw new ApiError(Code.brokerSecretUnavailable, { reason });
        await stepUp.consume(tx);
        await tx.query('update broker_exchange_keys set secret_claimed_at = $2 where id = $1', [row.id, nowDate(ctx)]);
        const sealed = await tx.query<{ secret_cipher: string }>('select secret_cipher from broker_exchange_keys where id = $1', [row.id]);
        return { keyId: row.id, apiKey: row.api_key, secretKey: secrets.open(sealed[0]!.secret_cipher, row.api_key) };
      });
    },

    '/broker/exchangeKey/delete': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        await keyOf(tx, orgId, body.keyId, true);
        await tx.query('update broker_exchange_keys set deleted_at = $2, updated_at = $2 where id = $1', [body.keyId, at]);
        // A pending key deleted: its request is closed with it.
        await tx.query(`update broker_control_requests set status = 'rejected', reject_reason = 'deleted', decided_at = $2 where key_id = $1 and status = 'applying'`, [body.keyId, at]);
      });
      return { keyId: body.keyId };
    },

    '/broker/exchangeKey/updateRemark': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        await keyOf(tx, orgId, body.keyId, true);
        await tx.query('update broker_exchange_keys set remark = $2, updated_at = $3 where id = $1', [body.keyId, body.remark, at]);
        return keyView(await keyOf(tx, orgId, body.keyId), at, auth.user.id);
      });
    },
  };
}
