import type { Queryable } from '../platform/db/client.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';

/**
 * Broker organisations (migration 024; server/broker/README.md "Organisations"). Everything in the broker manager
 * belongs to an organisation: the user who opens broker rights founds one, and members join it (the account-manager
 * e-mail confirmation of spec §7 account/*). Every broker call starts with `brokerMember`, so a user without broker
 * rights gets 403 and a broker only ever reaches rows of its own organisation.
 */

export type BrokerRole = 'owner' | 'member';

export interface BrokerMember {
  userId: number;
  /** bigint id as text, like every other bigserial id the sandbox returns. */
  orgId: string;
  role: BrokerRole;
}

interface MemberRow {
  user_id: number;
  org_id: string;
  role: BrokerRole;
}

function toMember(row: MemberRow): BrokerMember {
  return { userId: row.user_id, orgId: String(row.org_id), role: row.role };
}

/** The caller's organisation, or 403 "No permission for this operation" (spec §8) without broker rights. */
export async function brokerMember(db: Queryable, userId: number): Promise<BrokerMember> {
  const rows = await db.query<MemberRow>('select user_id, org_id, role from broker_members where user_id = $1', [userId]);
  const row = rows[0];
  if (!row) throw new ApiError(Code.forbidden);
  return toMember(row);
}

/** Opening broker rights: the user's organisation, founded now unless the user already belongs to one. Idempotent. */
export async function openBrokerOrg(tx: Queryable, userId: number, at: Date): Promise<BrokerMember> {
  const existing = await tx.query<MemberRow>('select user_id, org_id, role from broker_members where user_id = $1', [userId]);
  if (existing[0]) return toMember(existing[0]);
  const orgs = await tx.query<{ id: string }>(
    `insert into broker_orgs (owner_user_id, created_at) values ($1, $2)
     on conflict (owner_user_id) do update set owner_user_id = excluded.owner_user_id returning id`,
    [userId, at],
  );
  const orgId = String(orgs[0]!.id);
  await tx.query(
    `insert into broker_members (user_id, org_id, role, joined_at) values ($1, $2, 'owner', $3) on conflict (user_id) do nothing`,
    [userId, orgId, at],
  );
  return brokerMember(tx, userId);
}

/**
 * Adds a user to an organisation as a member. A user belongs to one organisation: one who founded their own
 * may move only while it is empty (no other member); the caller checks that it holds no accounts.
 */
export async function addBrokerMember(tx: Queryable, orgId: string, userId: number, at: Date): Promise<BrokerMember> {
  const rows = await tx.query<MemberRow>('select user_id, org_id, role from broker_members where user_id = $1 for update', [userId]);
  const current = rows[0];
  if (current && String(current.org_id) === orgId) return toMember(current);
  if (current) {
    const others = await tx.query<{ n: string }>('select count(*) as n from broker_members where org_id = $1 and user_id <> $2', [
      current.org_id,
      userId,
    ]);
    if (Number(others[0]?.n ?? 0) > 0) throw badInput('email', 'otherOrganisation', 'This user belongs to another broker organisation');
    await tx.query('update broker_members set org_id = $2, role = $3, joined_at = $4 where user_id = $1', [userId, orgId, 'member', at]);
  } else {
    await tx.query(`insert into broker_members (user_id, org_id, role, joined_at) values ($1, $2, 'member', $3)`, [userId, orgId, at]);
  }
  return brokerMember(tx, userId);
}

/** The organisation's members with their e-mails, owner first (account/allEmail). */
export async function brokerMembers(db: Queryable, orgId: string): Promise<{ userId: number; email: string; role: BrokerRole }[]> {
  const rows = await db.query<{ user_id: number; email: string; role: BrokerRole }>(
    `select m.user_id, u.email, m.role from broker_members m join users u on u.id = m.user_id
     where m.org_id = $1 order by (m.role = 'owner') desc, m.joined_at, m.user_id`,
    [orgId],
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, role: r.role }));
}
