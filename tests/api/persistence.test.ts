import { afterAll, describe, expect, it } from 'vitest';
import { TestApi, demoUser } from './helpers.ts';
import { bindGaWithStepUp } from './step-up-helpers.ts';
import { openDatabase } from '../../server/platform/db/client.ts';
import { loadMigrations } from '../../server/platform/db/migrate.ts';

describe('data survives a restart (PGlite under the data directory)', () => {
  let api: TestApi;
  afterAll(async () => api.close());

  it('keeps users, sessions, Google authenticator, KYC, history and the RSA key pair', async () => {
    api = await TestApi.start({ persistent: true });
    const publicKey = api.publicKey;
    const email = await api.register('Persist-Pass1');
    const token = await api.token(email, 'Persist-Pass1');
    const ga = { data: { secretKey: await bindGaWithStepUp(api, token, 'Persist-Pass1') } };
    const pendingCode = await api.emailCode('updatePwd', token);

    await api.close(true);
    api.clock.advance(60_000);
    await api.open();

    // The same key pair: a client that cached the public key can still sign in.
    expect(api.publicKey).toBe(publicKey);
    // The session made before the restart still works.
    const info = await api.call<{ email: string; gaBound: boolean }>('GET', '/institution/getUserInfo', { token });
    expect(info.data).toMatchObject({ email, gaBound: true });
    // The Google secret too: a fresh TOTP signs in.
    const again = await api.token(email, 'Persist-Pass1', ga.data.secretKey);
    const history = await api.call<{ total: number }>('GET', '/institution/loginInfoList', { token: again });
    expect(history.data.total).toBe(2);
    // The outbox and the unused code survived as well.
    const outbox = await api.call<{ list: Array<{ uuid: string }> }>('GET', `/_dev/outbox?destination=${encodeURIComponent(email)}`);
    expect(outbox.data.list.map((entry) => entry.uuid)).toContain(pendingCode.uuid);
    // The demo user is seeded once, not again on restart.
    expect((await api.login(demoUser.email, demoUser.password)).code).toBe(200);
    // Two sandbox starts on one data directory, each running every migration's check: over 20 s on a loaded machine.
  }, 60_000);

  it('records the numbered migrations once', async () => {
    await api.close(true);
    const db = await openDatabase({ dataDir: api.dataDir });
    try {
      const rows = await db.query<{ version: number; name: string }>('select version, name from schema_migrations order by version');
      // Every migration file, once (the list grows with each feature's migration).
      expect(rows).toEqual(loadMigrations().map(({ version, name }) => ({ version, name })));
      expect(rows.slice(0, 3).map((row) => row.name)).toEqual(['accounts', 'balances', 'kyc']);
      const demo = await db.query<{ n: number }>('select count(*)::int as n from users where email_lower = $1', [demoUser.email]);
      expect(demo[0]?.n).toBe(1);
      const balances = await db.query<{ asset: string; free: string }>(
        "select asset, free::text from balances b join users u on u.id = b.user_id where u.email_lower = $1 and account_type = 1 and asset = 'USDT'",
        [demoUser.email],
      );
      expect(balances).toEqual([{ asset: 'USDT', free: '250000.000000000000000000' }]);
    } finally {
      await db.close();
    }
    await api.open();
  });
});
