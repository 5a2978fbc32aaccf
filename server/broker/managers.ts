import type { BrokerAccountCalls } from '../../contract/broker.ts';
import { checkCode, consumeCodes, issueCode } from '../identity/codes.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { findUserByEmail, normaliseEmail } from '../identity/users.ts';
import type { Queryable } from '../platform/db/client.ts';
import { addBrokerMember, brokerMember, type BrokerMember } from './org.ts';

const MANAGER_CODE = 'brokerManager';

/** The three calls of the account-manager confirmation are the organisation owner's. */
function requireOwner(member: BrokerMember): void {
  if (member.role !== 'owner') throw new ApiError(Code.forbidden);
}

/** The invited user behind an e-mail, checked for the owner's organisation. */
const invitee = async (tx: Queryable, orgId: string, email: string) => {
  const user = await findUserByEmail(tx, normaliseEmail(email));
  if (!user) throw new ApiError(Code.managerNotEligible, { reason: 'notRegistered' });
  if (!user.broker_agreed_at) throw new ApiError(Code.managerNotEligible, { reason: 'noBrokerRights' });
  const current = (await tx.query<{ org_id: string }>('select org_id::text as org_id from broker_members where user_id = $1', [user.id]))[0];
  if (current?.org_id === orgId) throw new ApiError(Code.managerNotEligible, { reason: 'alreadyMember' });
  if (current) {
    // A user moves from an organisation of their own only while it is theirs alone and holds no sub-account. Its
    // row is locked first, as opening a sub-account locks it, so none can be opened there while the user moves.
    await tx.query('select id from broker_orgs where id = $1 for update', [current.org_id]);
    const others = await tx.query('select 1 from broker_members where org_id = $1 and user_id <> $2 limit 1', [current.org_id, user.id]);
    const accounts = await tx.query('select 1 from broker_accounts where org_id = $1 and deleted_at is null limit 1', [current.org_id]);
    if (others[0] || accounts[0]) throw new ApiError(Code.managerNotEligible, { reason: 'otherOrganisation' });
  }
  return user;
};
const pendingInvite = async (db: Queryable, orgId: string, userId: number) => {
  const rows = await db.query<{ invited_at: Date }>(
    "select invited_at from broker_manager_invites where org_id = $1 and user_id = $2 and status = 'pending'",
    [orgId, userId],
  );
  if (!rows[0]) throw new ApiError(Code.managerNotEligible, { reason: 'notInvited' });
  return rows[0];
};

type ManagerCalls =
  | '/broker/account/allEmail'
  | '/broker/account/getLoginInfo'
  | '/broker/account/submitAccountManager'
  | '/broker/account/invokeAccountManager'
  | '/broker/account/confirmAccountManager';

/** The organisation's members and the owner's invitation of account managers, confirmed by the invitee's e-mail code. */
export function managerHandlers(ctx: ApiContext): Pick<Handlers<BrokerAccountCalls>, ManagerCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/account/allEmail': async ({ auth }) => {
      const { orgId } = await member(auth.user.id);
      const rows = await ctx.db.query<{ email: string; role: 'owner' | 'member'; joined_at: Date }>(
        `select u.email, m.role, m.joined_at from broker_members m join users u on u.id = m.user_id
         where m.org_id = $1 order by (m.role = 'owner') desc, m.joined_at, m.user_id`,
        [orgId],
      );
      return rows.map((r) => ({ email: r.email, role: r.role, joinedAt: r.joined_at.toISOString() }));
    },

    '/broker/account/getLoginInfo': async ({ auth }) => {
      const me = await member(auth.user.id);
      const owner = await ctx.db.query<{ email: string; members: number }>(
        `select u.email, (select count(*)::int from broker_members where org_id = o.id) as members
         from broker_orgs o join users u on u.id = o.owner_user_id where o.id = $1`,
        [me.orgId],
      );
      const invites = await ctx.db.query<{ email: string; invited_at: Date }>(
        `select u.email, i.invited_at from broker_manager_invites i join users u on u.id = i.user_id
         where i.org_id = $1 and i.status = 'pending' order by i.invited_at`,
        [me.orgId],
      );
      return {
        email: auth.user.email,
        role: me.role,
        orgId: me.orgId,
        ownerEmail: owner[0]?.email ?? auth.user.email,
        memberCount: owner[0]?.members ?? 1,
        pendingInvites: invites.map((i) => ({ email: i.email, status: 'pending' as const, invitedAt: i.invited_at.toISOString() })),
      };
    },

    '/broker/account/submitAccountManager': async ({ body, auth }) => {
      const me = await member(auth.user.id);
      requireOwner(me);
      const at = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        const user = await invitee(tx, me.orgId, body.email);
        await tx.query(
          `insert into broker_manager_invites (org_id, user_id, invited_by, status, invited_at) values ($1, $2, $3, 'pending', $4)
           on conflict (org_id, user_id) do update set status = 'pending', invited_by = excluded.invited_by, invited_at = excluded.invited_at, confirmed_at = null`,
          [me.orgId, user.id, auth.user.id, at],
        );
        return { email: user.email, status: 'pending' as const, invitedAt: at.toISOString() };
      });
    },

    '/broker/account/invokeAccountManager': async ({ body, auth }) => {
      const me = await member(auth.user.id);
      requireOwner(me);
      const user = await invitee(ctx.db, me.orgId, body.email);
      await pendingInvite(ctx.db, me.orgId, user.id);
      const { uuid } = await issueCode(ctx, {
        channel: 'email',
        destination: user.email_lower,
        businessType: MANAGER_CODE,
        userId: user.id,
        account: auth.user.email_lower,
        ip: auth.ip,
      });
      return { uuid };
    },

    '/broker/account/confirmAccountManager': async ({ body, auth }) => {
      const me = await member(auth.user.id);
      requireOwner(me);
      const user = await invitee(ctx.db, me.orgId, body.email);
      await pendingInvite(ctx.db, me.orgId, user.id);
      const uuid = await checkCode(ctx, {
        channel: 'email',
        uuid: body.emailUuid || undefined,
        code: body.emailCode,
        businessTypes: [MANAGER_CODE],
        destination: user.email_lower,
        userId: user.id,
        // The owner confirming enters the invitee's code: wrong ones count against the owner, not the invitee.
        caller: { signedIn: true, userId: auth.user.id },
      });
      const at = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        await consumeCodes(ctx, tx, [uuid]);
        // Checked again inside the transaction: the user may have joined elsewhere meanwhile.
        await invitee(tx, me.orgId, body.email);
        await addBrokerMember(tx, me.orgId, user.id, at);
        await tx.query("update broker_manager_invites set status = 'confirmed', confirmed_at = $3 where org_id = $1 and user_id = $2", [me.orgId, user.id, at]);
        return { email: user.email, role: 'member' as const, joinedAt: at.toISOString() };
      });
    },
  };
}
