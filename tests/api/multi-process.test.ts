import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../server/app.ts';
import { demoUser } from '../../server/identity/seed.ts';
import { openDatabase, type Db } from '../../server/platform/db/client.ts';
import { joinProcesses, runAlone } from '../../server/platform/job-lock.ts';
import { TestApi } from './helpers.ts';
import { postgresBin, startPgCluster, type PgCluster } from './pg-cluster.ts';
import { bindGaWithStepUp, stepUpFactors } from './step-up-helpers.ts';
import { capitalBalance, expectLedgerClean } from './suite.ts';

/**
 * Two sandbox processes on one PostgreSQL (server/README.md "Several processes"): two sandboxes, each with its own
 * kernel, simulator, connection pool and timers, as two processes have, on one database of a throwaway cluster and
 * one clock (the processes' shared wall clock). The requests of each scenario are split across both, as a balancer
 * would split them. Skipped where the PostgreSQL server binaries are not installed (pg-cluster.ts).
 */
describe.skipIf(!postgresBin)('two sandbox processes on one PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let url = '';
  const a = new TestApi();
  const b = new TestApi();
  b.clock = a.clock;
  const both = [a, b];
  const clock = a.clock;

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('multi_process');
    await a.open({ databaseUrl: url });
    await b.open({ databaseUrl: url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(both.map((api) => api.app?.close()));
    await cluster?.stop();
  });

  it('share one RSA key pair: a password encrypted for one process is read by the other', async () => {
    expect(b.publicKey).toBe(a.publicKey);
    const reply = await b.call('POST', '/institution/login', { body: { username: demoUser.email, password: a.encrypt(demoUser.password) } });
    expect(reply.code).toBe(200);
  });

  it('a session made on A works on B, and a sign-out on A ends it on B', async () => {
    const token = await a.token();
    expect((await b.call('GET', '/institution/getUserInfo', { token })).code).toBe(200);
    expect((await a.call('POST', '/institution/logout', { token })).code).toBe(200);
    const after = await b.call('GET', '/institution/getUserInfo', { token });
    expect(after.status).toBe(401);
    expect(after.code).toBe(401);
  });

  it('wrong passwords add up across A and B and lock the account on both', async () => {
    const email = await a.register('Right-Pass1');
    for (let i = 1; i <= 4; i++) {
      const reply = await both[i % 2]!.loginSolving(email, 'Wrong-Pass1');
      expect(reply).toMatchObject({ code: 10001, data: { errorCount: i, remainingAttempts: 5 - i } });
    }
    expect(await b.loginSolving(email, 'Wrong-Pass1')).toMatchObject({ code: 10002, data: { reason: 'password', errorCount: 5 } });
    // Locked on either process, even with the right password.
    expect((await a.login(email, 'Right-Pass1')).code).toBe(10002);
    expect((await b.login(email, 'Right-Pass1')).code).toBe(10002);
  });

  describe('money races split across both processes', () => {
    let token = '';
    let gaSecret = '';
    const target = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const call = <T>(api: TestApi, path: string, body: unknown) => api.call<T>('POST', path, { token, body });
    const ga = () => {
      clock.advance(31_000);
      return a.totp(gaSecret);
    };
    const invoke = (api: TestApi, requestId: string, amount: string) =>
      call<{ withdrawId: string }>(api, '/account/block/invokeBlockWithdrawalEmailValidation', { requestId, asset: 'USDT', network: 'ETH', address: target, amount });

    beforeAll(async () => {
      token = await a.token();
      gaSecret = await bindGaWithStepUp(a, token, demoUser.password);
      // A whitelisted address, usable after its 24-hour lock (spec §4); then sign in again past the idle timeout.
      const factors = await stepUpFactors(b, token, demoUser.password, 'addAddress', { book: 'coin', asset: 'USDT', network: 'ETH', address: target });
      const saved = await call(b, '/account/wallet/address/add', { name: 'Cold store', asset: 'USDT', network: 'ETH', address: target, whitelisted: true, ...factors, gaCode: await ga() });
      expect(saved.code).toBe(200);
      clock.advance(24 * 3_600_000);
      clock.advance(31_000);
      token = await b.token(demoUser.email, demoUser.password, gaSecret);
    }, 120_000);

    it('20 parallel withdrawals of the full balance over A and B: exactly one is accepted', async () => {
      const before = await capitalBalance(a, token, 'USDT');
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => invoke(both[i % 2]!, `mp-burst-${String(i).padStart(4, '0')}`, before.free)));
      expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.code === 10101)).toHaveLength(19);
      expect(await capitalBalance(b, token, 'USDT')).toEqual({ free: '0', locked: before.free });
      // Unconfirmed for 15 minutes: it expires (whichever process sweeps) and its hold comes back once.
      clock.advance(15 * 60_000);
      await Promise.all(both.map((api) => capitalBalance(api, token, 'USDT')));
      expect(await capitalBalance(a, token, 'USDT')).toEqual(before);
      await expectLedgerClean(b);
    });

    it('a request id replayed on the other process is answered with the first withdrawal; other content is refused', async () => {
      const before = await capitalBalance(a, token, 'USDT');
      const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => invoke(both[i % 2]!, 'mp-same-00001', '50')));
      expect(replies.every((r) => r.code === 200)).toBe(true);
      expect(new Set(replies.map((r) => r.data.withdrawId)).size).toBe(1);
      expect((await capitalBalance(b, token, 'USDT')).locked).toBe('50');
      expect((await invoke(b, 'mp-same-00001', '51')).code).toBe(10209);
      clock.advance(15 * 60_000);
      expect(await capitalBalance(b, token, 'USDT')).toEqual(before);
      await expectLedgerClean(a);
    });

    it('a quote made on A, ordered 20 times at once over A and B: exactly one fills', async () => {
      const q = await call<{ quoteId: string }>(a, '/institution/quote', { fromAsset: 'ETH', toAsset: 'USDT', fromAmount: '2' });
      expect(q.code).toBe(200);
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(both[i % 2]!, '/institution/order', { quoteId: q.data.quoteId, requestId: `mp-order-${i}` })),
      );
      expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
      expect(replies.every((r) => r.status < 500)).toBe(true);
      await expectLedgerClean(b);
    });

    it('a deposit whose confirmations both processes sweep at once is credited once', async () => {
      const addr = await call<{ address: string }>(a, '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
      const sent = await b.call('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount: '0.5' } });
      expect(sent.code).toBe(200);
      const start = await capitalBalance(a, token, 'BTC');
      clock.advance(2 * 600_000);
      // Every read sweeps first: ten reads over both processes race the credit.
      await Promise.all(Array.from({ length: 10 }, (_, i) => capitalBalance(both[i % 2]!, token, 'BTC')));
      expect((await capitalBalance(b, token, 'BTC')).free).toBe(String(Number(start.free) + 0.5));
      await expectLedgerClean(a);
    });
  });

  it('the sandbox clock: an advance on one process moves the clock of the other (dev routes, system clock)', async () => {
    // Two more processes on the same database, with the sandbox's own clock (the system's plus the shared offset).
    const apps = await Promise.all([0, 1].map(() => buildSandbox({ api: { databaseUrl: url, demoProject: false } })));
    try {
      const advance = async (index: number, ms: number) => {
        const reply = await apps[index]!.inject({ method: 'POST', url: '/api/_dev/clock/advance', payload: { ms } });
        return new Date((reply.json() as { data: { now: string } }).data.now).getTime();
      };
      const day = 24 * 3_600_000;
      const before = Date.now();
      expect(await advance(0, day)).toBeGreaterThanOrEqual(before + day);
      // The other process answers on the moved clock; both processes' advances add up.
      expect(await advance(1, 1)).toBeGreaterThanOrEqual(before + day + 1);
      expect(await advance(1, day)).toBeGreaterThanOrEqual(before + 2 * day);
      expect(await advance(0, 1)).toBeGreaterThanOrEqual(before + 2 * day + 2);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }, 60_000);

  describe('the database locks of job-lock.ts', () => {
    const dbs: Db[] = [];
    const open = async () => {
      const db = await openDatabase({ databaseUrl: url });
      dbs.push(db);
      return db;
    };
    afterAll(async () => Promise.all(dbs.map((db) => db.close())));

    it('a background job runs in one process at a time: the other skips it while it runs, and runs it after', async () => {
      const [one, two] = [await open(), await open()];
      let runs = 0;
      let finish: () => void = () => undefined;
      const running = new Promise<void>((resolve) => (finish = resolve));
      let started: () => void = () => undefined;
      const hasStarted = new Promise<void>((resolve) => (started = resolve));
      const first = runAlone(one, 'test-job', async () => {
        runs++;
        started();
        await running;
      });
      await hasStarted;
      expect(await runAlone(two, 'test-job', async () => void runs++)).toBe(false);
      // Another job's lock is another lock.
      expect(await runAlone(two, 'other-job', async () => undefined)).toBe(true);
      finish();
      expect(await first).toBe(true);
      expect(runs).toBe(1);
      expect(await runAlone(two, 'test-job', async () => void runs++)).toBe(true);
      expect(runs).toBe(2);
    });

    it('a process that joins running ones is not alone and frees nothing; one that starts after all left is alone', async () => {
      // The two sandboxes above are running: a third process joins them.
      const db = await open();
      let cleared = 0;
      const third = await joinProcesses(db, async () => void cleared++);
      expect(third.alone).toBe(false);
      expect(cleared).toBe(0);
      await third.leave();
      // On a database of its own, a process is alone and clears what a stopped one left.
      const fresh = await openDatabase({ databaseUrl: await cluster!.createDatabase('multi_process_alone') });
      dbs.push(fresh);
      // Advisory locks are per database: the sandboxes on multi_process hold none here.
      const first = await joinProcesses(fresh, async () => void cleared++);
      expect(first.alone).toBe(true);
      expect(cleared).toBe(1);
      const second = await joinProcesses(fresh, async () => void cleared++);
      expect(second.alone).toBe(false);
      await Promise.all([first.leave(), second.leave()]);
      const later = await joinProcesses(fresh, async () => void cleared++);
      expect(later.alone).toBe(true);
      expect(cleared).toBe(2);
      await later.leave();
    });
  });
});
