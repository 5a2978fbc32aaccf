import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/client.ts';
import { loadMigrations } from '../../server/platform/db/migrate.ts';
import { TestApi, demoUser } from './helpers.ts';
import { bindGaWithStepUp } from './step-up-helpers.ts';
import { postgresBin, startPgCluster, type PgCluster } from './pg-cluster.ts';

/**
 * DATABASE_URL → a real PostgreSQL server. The test starts a throwaway cluster on a loopback port when
 * the PostgreSQL server binaries are installed (Debian: `postgresql`), and is skipped otherwise.
 */
describe.skipIf(!postgresBin)('PostgreSQL through DATABASE_URL', () => {
  let cluster: PgCluster | undefined;
  let url = '';
  let api: TestApi;

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = cluster.url;
    api = await TestApi.start({ databaseUrl: url });
  });

  afterAll(async () => {
    await api?.close();
    await cluster?.stop();
  });

  it('runs the same migrations, seed and flows, and keeps the data across a restart', async () => {
    expect((await api.login(demoUser.email, demoUser.password)).code).toBe(200);
    const email = await api.register('Server-Pass1');
    const token = await api.token(email, 'Server-Pass1');
    const ga = { data: { secretKey: await bindGaWithStepUp(api, token, 'Server-Pass1') } };
    // A wrong code is counted and a transaction that fails rolls back, as on PGlite.
    const code = await api.emailCode('updatePwd', token);
    const wrong = await api.call('POST', '/institution/updatePwd', {
      token,
      body: { oldPassword: api.encrypt('Server-Pass1'), newPassword: api.encrypt('Server-Pass2'), emailUuid: code.uuid, emailCode: code.code === '000000' ? '111111' : '000000', gaCode: '000000' },
    });
    expect(wrong).toMatchObject({ code: 10003, data: { errorCount: 1 } });
    const publicKey = api.publicKey;

    await api.close();
    api.clock.advance(60_000);
    await api.open({ databaseUrl: url });
    expect(api.publicKey).toBe(publicKey);
    const info = await api.call<{ gaBound: boolean }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.gaBound).toBe(true);
    expect((await api.token(email, 'Server-Pass1', ga.data.secretKey)).length).toBeGreaterThan(20);

    const db = await openDatabase({ databaseUrl: url });
    try {
      const versions = await db.query<{ version: number }>('select version from schema_migrations order by version');
      expect(versions.map((row) => row.version)).toEqual(loadMigrations().map((m) => m.version));
      const demo = await db.query<{ n: number }>('select count(*)::int as n from users where email_lower = $1', [demoUser.email]);
      expect(demo[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
