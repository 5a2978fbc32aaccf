import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { BROKER_MESSAGE_CODE_TYPE, MAX_MESSAGE_CONFIGS, MESSAGE_EVENTS, type MessageConfigState, type MessageEvent } from '../../contract/broker-config-rules.ts';
import { type BrokerMessageCalls, brokerMessageCalls, type MessageConfig } from '../../contract/broker-config.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { type Handlers, serveCalls } from '../platform/contract.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { checkEmail } from '../platform/rules.ts';
import { normaliseEmail } from '../identity/users.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { confirmPending, invokeValidation, lockOrg, type PendingBook } from './addresses.ts';
import { brokerMember } from './org.ts';

/**
 * The broker's notification e-mails (spec §7 messageConfig/*; server/broker/README.md "Address book and
 * notification e-mails"): addresses that hear of the organisation's applications, their approvals or rejections,
 * and API keys about to expire. Adding one goes submit (`pending`) → invoke the e-mail validation (a code to the
 * caller's e-mail) → confirm (`active`), like the address book (addresses.ts). An organisation's own rows only.
 */

type ConfigView = Static<typeof MessageConfig>;

const MESSAGE_BOOK: PendingBook = { table: 'broker_message_configs', confirmed: 'active', codeType: BROKER_MESSAGE_CODE_TYPE, stateCode: Code.messageConfigState };

interface ConfigRow {
  id: string;
  email: string;
  events: MessageEvent[];
  remark: string;
  status: MessageConfigState;
  email_uuid: string | null;
  created_by: string;
  created_at: Date;
  confirmed_at: Date | null;
  updated_at: Date;
}

const columns = `m.id::text as id, m.email, m.events, m.remark, m.status, m.email_uuid, u.email as created_by, m.created_at, m.confirmed_at, m.updated_at`;
const from = 'broker_message_configs m join users u on u.id = m.created_by';

function configView(row: ConfigRow): ConfigView {
  return {
    id: row.id,
    email: row.email,
    // In the order of MESSAGE_EVENTS, whatever order they were given in.
    events: MESSAGE_EVENTS.filter((e) => row.events.includes(e)),
    remark: row.remark,
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

async function loadConfig(db: Queryable, orgId: string, id: string): Promise<ConfigRow> {
  const rows = await db.query<ConfigRow>(`select ${columns} from ${from} where m.id = $1 and m.org_id = $2 and m.deleted_at is null`, [id, orgId]);
  if (!rows[0]) throw new ApiError(Code.notFound);
  return rows[0];
}

export function messageConfigHandlers(ctx: ApiContext): Handlers<BrokerMessageCalls> {
  return {
    '/broker/messageConfig/list': async ({ auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const rows = await ctx.db.query<ConfigRow>(`select ${columns} from ${from} where m.org_id = $1 and m.deleted_at is null order by m.id desc`, [member.orgId]);
      return rows.map(configView);
    },

    '/broker/messageConfig/submitBrokerMessageConfig': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const email = body.email.trim();
      // spec §5: the e-mail format ('Incorrect email, Please re-enter').
      checkEmail('email', email);
      const remark = (body.remark ?? '').trim();
      const now = nowDate(ctx);
      try {
        const id = await ctx.db.transaction(async (tx) => {
          await lockOrg(tx, member.orgId);
          const existing = await tx.query<{ id: string; status: MessageConfigState }>(
            'select id::text as id, status from broker_message_configs where org_id = $1 and email_lower = $2 and deleted_at is null',
            [member.orgId, normaliseEmail(email)],
          );
          const found = existing[0];
          if (found?.status === 'active') throw new ApiError(Code.messageEmailExists, { id: found.id });
          if (found) {
            await tx.query('update broker_message_configs set events = $2, remark = $3, updated_at = $4 where id = $1', [found.id, body.events, remark, now]);
            return found.id;
          }
          const count = await tx.query<{ n: string }>('select count(*)::text as n from broker_message_configs where org_id = $1 and deleted_at is null', [member.orgId]);
          if (Number(count[0]?.n ?? 0) >= MAX_MESSAGE_CONFIGS) throw new ApiError(Code.messageConfigLimit, { max: MAX_MESSAGE_CONFIGS });
          const inserted = await tx.query<{ id: string }>(
            `insert into broker_message_configs (org_id, email, email_lower, events, remark, status, created_by, created_at, updated_at)
             values ($1, $2, $3, $4, $5, 'pending', $6, $7, $7) returning id::text as id`,
            [member.orgId, email, normaliseEmail(email), body.events, remark, auth.user.id, now],
          );
          return inserted[0]!.id;
        });
        return configView(await loadConfig(ctx.db, member.orgId, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(Code.messageEmailExists);
        throw error;
      }
    },

    '/broker/messageConfig/invokeBrokerMessageConfigAddEmailValidation': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      return invokeValidation(ctx, auth, member.orgId, await loadConfig(ctx.db, member.orgId, body.id), MESSAGE_BOOK);
    },

    '/broker/messageConfig/confirmBrokerMessageConfig': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      await confirmPending(ctx, auth, member.orgId, await loadConfig(ctx.db, member.orgId, body.id), body, MESSAGE_BOOK);
      return configView(await loadConfig(ctx.db, member.orgId, body.id));
    },

    '/broker/messageConfig/updateBrokerMessageConfig': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const rows = await ctx.db.query<{ id: string }>(
        `update broker_message_configs set events = $3, remark = $4, updated_at = $5 where id = $1 and org_id = $2 and deleted_at is null returning id::text as id`,
        [body.id, member.orgId, body.events, (body.remark ?? '').trim(), nowDate(ctx)],
      );
      if (!rows[0]) throw new ApiError(Code.notFound);
      return configView(await loadConfig(ctx.db, member.orgId, rows[0].id));
    },

    '/broker/messageConfig/deleteBrokerMessageConfig': async ({ body, auth }) => {
      const member = await brokerMember(ctx.db, auth.user.id);
      const rows = await ctx.db.query<{ id: string }>(
        'update broker_message_configs set deleted_at = $3, updated_at = $3 where id = $1 and org_id = $2 and deleted_at is null returning id::text as id',
        [body.id, member.orgId, nowDate(ctx)],
      );
      if (!rows[0]) throw new ApiError(Code.notFound);
      return { id: rows[0].id };
    },
  };
}

export function brokerMessageRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerMessageCalls, messageConfigHandlers(ctx));
}
