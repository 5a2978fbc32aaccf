import { TRADER_PERMISSIONS, TRADERS_MAX, type LightningCalls, type TraderPermission } from '../../../contract/lightning.ts';
import { findUserByEmail } from '../../identity/users.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Auth } from '../../identity/sessions.ts';
import { settings } from '../store.ts';

interface TraderRow {
  id: string;
  email: string;
  permissions: string;
  created_at: Date;
  updated_at: Date;
}

const traderColumns = `t.id::text as id, u.email, t.permissions, t.created_at, t.updated_at`;

function traderView(r: TraderRow) {
  const held = new Set(r.permissions.split(','));
  return {
    traderId: r.id,
    email: r.email,
    // In the contract's order, whatever order they were sent in.
    permissions: TRADER_PERMISSIONS.filter((p): p is TraderPermission => held.has(p)),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

async function listTraders(db: Queryable, ownerId: number): Promise<TraderRow[]> {
  return db.query<TraderRow>(
    `select ${traderColumns} from lightning_traders t join users u on u.id = t.trader_user_id where t.owner_user_id = $1 order by t.id`,
    [ownerId],
  );
}

/**
 * spec §6 "only the account owner manages traders": the caller must hold the lightning account as its registered
 * trader (trader/register); a user who is only another's trader, or who never registered, is refused.
 */
async function checkOwner(ctx: ApiContext, auth: Auth): Promise<void> {
  if ((await settings(ctx.db, auth.user.id)).traderRegisteredAt === null) throw new ApiError(Code.forbidden);
}

/** spec §7 updatePermissions, delTraders, permissionsList (contract/lightning.ts). */
export function traderHandlers(
  ctx: ApiContext,
): Pick<Handlers<LightningCalls>, '/broker/lightning/trader/permissionsList' | '/broker/lightning/trader/updatePermissions' | '/broker/lightning/trader/delTraders'> {
  return {
    '/broker/lightning/trader/permissionsList': async ({ auth }) => {
      await checkOwner(ctx, auth);
      return (await listTraders(ctx.db, auth.user.id)).map(traderView);
    },

    '/broker/lightning/trader/updatePermissions': async ({ body, auth }) => {
      await checkOwner(ctx, auth);
      const trader = await findUserByEmail(ctx.db, body.email);
      if (!trader) throw badInput('email', 'unknown', 'No user signs in with this e-mail');
      if (trader.id === auth.user.id) throw badInput('email', 'self', 'The owner is not a trader of their own account');
      const now = nowDate(ctx);
      const permissions = TRADER_PERMISSIONS.filter((p) => body.permissions.includes(p)).join(',');
      return ctx.db.transaction(async (tx) => {
        const existing = await tx.query<{ id: string }>(
          'select id::text as id from lightning_traders where owner_user_id = $1 and trader_user_id = $2 for update',
          [auth.user.id, trader.id],
        );
        if (existing[0]) {
          await tx.query('update lightning_traders set permissions = $2, updated_at = $3 where id = $1', [existing[0].id, permissions, now]);
        } else {
          const count = await tx.query<{ n: number }>('select count(*)::int as n from lightning_traders where owner_user_id = $1', [auth.user.id]);
          if ((count[0]?.n ?? 0) >= TRADERS_MAX) throw badInput('email', 'max', `At most ${TRADERS_MAX} traders`);
          await tx.query(
            'insert into lightning_traders (owner_user_id, trader_user_id, permissions, created_at, updated_at) values ($1, $2, $3, $4, $4)',
            [auth.user.id, trader.id, permissions, now],
          );
        }
        const row = (await listTraders(tx, auth.user.id)).find((r) => r.email === trader.email);
        return traderView(row!);
      });
    },

    '/broker/lightning/trader/delTraders': async ({ body, auth }) => {
      await checkOwner(ctx, auth);
      const ids = body.traderIds.map((id) => String(id));
      return ctx.db.transaction(async (tx) => {
        const deleted = await tx.query<{ id: string }>(
          'delete from lightning_traders where owner_user_id = $1 and id = any($2::bigint[]) returning id::text as id',
          [auth.user.id, ids],
        );
        // All or none: an id that is not one of the owner's traders refuses the whole call (and rolls it back).
        if (deleted.length !== new Set(ids).size) throw badInput('traderIds', 'unknown', 'Not a trader of this account');
        return { deleted: deleted.length };
      });
    },
  };
}
