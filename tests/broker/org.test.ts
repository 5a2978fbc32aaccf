import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { type Db, openDatabase } from '../../server/platform/db/client.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { ApiError } from '../../server/platform/envelope.ts';
import { addBrokerMember, brokerMember, brokerMembers, openBrokerOrg } from '../../server/broker/org.ts';

/** Broker organisations (server/broker/org.ts): founding is idempotent, membership is one organisation per user. */
describe('broker organisations', () => {
  let db: Db;
  const at = new Date('2026-11-26T00:00:00Z');
  const users: number[] = [];

  beforeAll(async () => {
    db = await openDatabase({ migrated: true });
    await migrate(db);
    for (const name of ['a', 'b', 'c', 'd']) {
      const rows = await db.query<{ id: number }>(
        `insert into users (email, email_lower, first_name, last_name, company_name, preferred_language, password_hash, created_at, updated_at)
         values ($1, $1, 'F', 'L', 'Co', 'zh-HK', 'x', $2, $2) returning id`,
        [`${name}@broker.test`, at],
      );
      users.push(rows[0]!.id);
    }
  }, 60_000);
  afterAll(async () => db?.close());

  it('refuses a user without broker rights with 403', async () => {
    const error = await brokerMember(db, users[3]!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(Code.forbidden);
  });

  it('founds one organisation per user, however often rights are opened, in parallel too', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => db.transaction((tx) => openBrokerOrg(tx, users[0]!, at))));
    expect(new Set(results.map((r) => r.orgId)).size).toBe(1);
    expect(results[0]).toMatchObject({ userId: users[0], role: 'owner' });
    const orgs = await db.query<{ n: string }>('select count(*)::text as n from broker_orgs where owner_user_id = $1', [users[0]]);
    expect(orgs[0]!.n).toBe('1');
  });

  it('adds a member, lists owner first, and keeps a user to one organisation', async () => {
    const owner = await db.transaction((tx) => openBrokerOrg(tx, users[0]!, at));
    // b founded an empty organisation of its own: it may move into a's.
    await db.transaction((tx) => openBrokerOrg(tx, users[1]!, at));
    const moved = await db.transaction((tx) => addBrokerMember(tx, owner.orgId, users[1]!, at));
    expect(moved).toEqual({ userId: users[1], orgId: owner.orgId, role: 'member' });
    expect((await brokerMembers(db, owner.orgId)).map((m) => m.email)).toEqual(['a@broker.test', 'b@broker.test']);
    // c's organisation has a member (d): c cannot leave it for a's.
    const other = await db.transaction((tx) => openBrokerOrg(tx, users[2]!, at));
    await db.transaction((tx) => addBrokerMember(tx, other.orgId, users[3]!, at));
    const refused = await db.transaction((tx) => addBrokerMember(tx, owner.orgId, users[2]!, at)).catch((e: unknown) => e);
    expect((refused as ApiError).data).toMatchObject({ field: 'email', rule: 'otherOrganisation' });
    expect((await brokerMember(db, users[2]!)).orgId).toBe(other.orgId);
  });
});
