import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { hkDay } from '../../contract/broker-projects-rules.ts';
import { defaultLimits } from '../../server/platform/context.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { brokerCalls, brokerCast, enlist, gaOf, makeChecker, manySends, page, projectTerms, signInAgain, type Page, type Broker } from './brokers.ts';

/**
 * Profit of the broker's projects (issue 15; contract/broker-profit.ts; server/broker/README.md "Profit"): the
 * accrued performance fee withdrawn to one sub-account or allocated over several, by an application another member
 * approves with a second factor; the broker's own money in; the accrual records and the export. PGlite, and
 * PostgreSQL where its binaries are installed (parallel requests really race there). The ledger's invariants — every
 * locked broker amount belongs to an application still applying — are checked after every test.
 */
interface Fund {
  projectNo: string;
  accrued: string;
  withdrawn: string;
  applying: string;
  profitPayable: string;
  primaryFree: string;
  available: string;
  nav: string;
}
interface ProfitApplication {
  applicationId: string;
  type: string;
  status: string;
  amount: string;
  legs: { brokerAccountId: string; amount: string; percent: string | null }[];
  canDecide: boolean;
  units: string | null;
  nav: string | null;
}

const d = (v: string) => new Decimal(v);
const DAY = 86_400_000;

describe.each(securityBackends())('broker profit withdrawal and allocation ($name)', (backend) => {
  let api: TestApi;
  const cast = brokerCast();
  const { owner, member, stranger, plainUser } = cast;
  let projectNo = '';
  let primary = '';
  let okxA = '';
  let okxB = '';
  let binance = '';
  let requests = 0;
  const requestId = () => `profit-${++requests}-${Math.random().toString(36).slice(2, 8)}`;
  const { call, get, openAccount } = brokerCalls(() => api, requestId);

  /**
   * A withdrawal code (project/invokeWithdrawalEmailValidation), past the 1 s guard, sent for `operation` (the
   * withdrawal or allocation it approves, server/broker/code-operations.ts).
   */
  const withdrawCode = async (who: Broker, operation: Record<string, unknown>) => {
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(who, '/broker/project/invokeWithdrawalEmailValidation', { projectNo, operation });
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    const mail = (await api.lastCode(who.email, 'email'))!;
    expect(mail.businessType).toBe('brokerWithdraw');
    return { emailUuid: sent.data.uuid, emailCode: mail.code };
  };
  const approveCode = async (who: Broker, applicationId: string) => {
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(who, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerApprove', operation: { kind: 'approveProfit', applicationId } });
    const mail = (await api.lastCode(who.email, 'email'))!;
    return { emailUuid: sent.data.uuid, emailCode: mail.code };
  };
  const fund = async (who: Broker = owner) => {
    const reply = await call<Fund>(who, '/broker/project/queryWithdrawAvailable', { projectNo });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data;
  };
  const futuresFree = async (brokerAccountId: string) =>
    d((await get<{ free: string }>(owner, '/broker/fundTransfer/queryTransferAvailable', { brokerAccountId, wallet: 'futures', asset: 'USDT' })).data.free);
  /** A withdrawal with a code sent for it (`extra` changes the call, not what the code was sent for). */
  const withdraw = async (who: Broker, amount: string, extra: Record<string, unknown> = {}) => {
    const content = { toAccountId: okxA, amount, requestId: requestId() };
    return call<ProfitApplication>(who, '/broker/project/addExtractInferiorRecord', { projectNo, ...content, ...(await withdrawCode(who, { kind: 'withdraw', ...content })), ...extra });
  };
  /** The owner's allocation of `total` by percentages: `a` % to okxA, `b` % to okxB. */
  const allotByPercent = async (total: string, a: string, b: string) => {
    const content = {
      mode: 'percent',
      total,
      legs: [
        { toAccountId: okxA, percent: a },
        { toAccountId: okxB, percent: b },
      ],
      requestId: requestId(),
    };
    return call<ProfitApplication>(owner, '/broker/profitAccrual/apply', { projectNo, ...content, ...(await withdrawCode(owner, { kind: 'allot', ...content })) });
  };
  // The checker's decisions carry its current Google code (server/broker/checker.ts).
  const approve = async (who: Broker, applicationId: string) =>
    call<ProfitApplication>(who, '/broker/profitAccrual/approve', { applicationId, requestId: requestId(), ...(await approveCode(who, applicationId)), ...(await gaOf(api, who)) });

  beforeAll(async () => {
    // Many codes go to each broker's e-mail here, and 20 of them are checked at once in the burst below: neither the
    // hourly send limits nor the lockout's places for code guesses in flight (10005 past the threshold) are what
    // this file tests.
    const places = { threshold: 100, waitMs: defaultLimits.lockout.emailCode.waitMs };
    api = await backend.start({ limits: { sendRates: manySends, lockout: { ...defaultLimits.lockout, emailCode: places, codeAccount: places } } });
    await enlist(api, cast);
    // The member decides: a checker (advanced KYC, an authenticator bound).
    await makeChecker(api, cast.member);
    okxA = await openAccount(owner, 'okx', 'okxProfitA');
    okxB = await openAccount(owner, 'okx', 'okxProfitB');
    binance = await openAccount(owner, 'binance', 'bnProfit1');
    await openAccount(stranger, 'okx', 'okxStrangerP');
    // A project started today with a 50 % performance fee, funded by one investor.
    const today = hkDay(api.clock.now());
    const made = await call<{ projectNo: string }>(owner, '/broker/applyRecord/add', projectTerms(today, 'Profit fund', requestId()));
    expect(made.code, JSON.stringify(made)).toBe(200);
    projectNo = made.data.projectNo;
    const increased = await call(owner, '/broker/financing/increaseCapital', { projectNo, investor: { name: 'First investor', email: 'first@example.com' }, amount: '100000', requestId: requestId() });
    expect(increased.code, JSON.stringify(increased)).toBe(200);
    const funds = await get<(Fund & { primaryAccountId: string })[]>(owner, '/broker/profitAccrual/accrualFund', { projectNo });
    primary = funds.data[0]!.primaryAccountId;
    // The sandbox clock runs 30 days at a time (the zero-hour job catches up day by day after each move) until a
    // performance fee has accrued; the sessions are signed in again after each move (they expire on the clock).
    for (let month = 0; month < 8; month++) {
      expect((await api.call('POST', '/_dev/clock/advance', { body: { ms: 30 * DAY } })).code).toBe(200);
      await signInAgain(api, cast);
      if (d((await fund()).available).gte(50)) break;
    }
    expect(d((await fund()).available).gte(50)).toBe(true);
  }, 600_000);
  afterAll(async () => api?.close());
  afterEach(async () => {
    const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });

  it('accrued profit is the accrual records, the liability is accrued less withdrawn, and the profit goes only to a free sub-account of the exchange', async () => {
    const f = await fund();
    const records = await call<Page<{ amount: string; projectNo: string; day: string }>>(owner, '/broker/profitAccrual/page', { pageCondition: page, queryCondition: { projectNo } });
    expect(records.code).toBe(200);
    expect(records.data.total).toBeGreaterThan(0);
    const sum = records.data.list.reduce((acc, r) => acc.plus(r.amount), d('0'));
    expect(sum.eq(f.accrued)).toBe(true);
    expect(d(f.accrued).minus(f.withdrawn).eq(f.profitPayable)).toBe(true);
    const accounts = await get<{ brokerAccountId: string }[]>(owner, '/broker/profitAccrual/accounts', { projectNo });
    const ids = accounts.data.map((a) => a.brokerAccountId);
    expect(ids).toContain(okxA);
    expect(ids).toContain(okxB);
    expect(ids).not.toContain(primary);
    expect(ids).not.toContain(binance);
  });

  it('refuses bad input with 4xx, another organisation with 404, a user without broker rights with 403', async () => {
    const base = { projectNo, toAccountId: okxA, amount: '1' };
    expect((await call(owner, '/broker/project/submitExtractInferiorRecord', { ...base, amount: '0' })).status).toBe(400);
    const decimals = await call(owner, '/broker/project/submitExtractInferiorRecord', { ...base, amount: '1.000000001' });
    expect([decimals.status, (decimals.data as { rule?: string }).rule]).toEqual([400, 'decimals']);
    expect((await call(owner, '/broker/project/submitExtractInferiorRecord', { ...base, projectNo: 'P123' })).status).toBe(400);
    expect((await call(owner, '/broker/project/submitExtractInferiorRecord', { ...base, toAccountId: primary })).code).toBe(Code.brokerProfitDestination);
    expect((await call(owner, '/broker/project/submitExtractInferiorRecord', { ...base, toAccountId: binance })).code).toBe(Code.brokerProfitDestination);
    const tooMuch = await call<{ available: string }>(owner, '/broker/project/submitExtractInferiorRecord', { ...base, amount: d((await fund()).available).plus('0.00000001').toFixed() });
    expect(tooMuch.code).toBe(Code.brokerProfitUnavailable);
    // Without the e-mail code: 400 before anything is held.
    expect((await call(owner, '/broker/project/addExtractInferiorRecord', { ...base, requestId: requestId() })).status).toBe(400);
    // Another organisation's project and sub-account are unknown.
    expect((await call(stranger, '/broker/project/queryWithdrawAvailable', { projectNo })).status).toBe(404);
    expect((await get(stranger, '/broker/profitAccrual/accounts', { projectNo })).status).toBe(404);
    expect((await call(stranger, '/broker/profitAccrual/page', { pageCondition: page, queryCondition: { projectNo } })).status).toBe(404);
    expect((await call(plainUser, '/broker/project/queryWithdrawAvailable', { projectNo })).status).toBe(403);
    expect((await get(plainUser, '/broker/profitAccrual/accrualFund', {})).status).toBe(403);
    // An allocation whose legs do not add up: refused by the code's sender (it plans what the code approves) and by the call.
    const legs = [
      { toAccountId: okxA, percent: '60' },
      { toAccountId: okxB, percent: '30' },
    ];
    api.clock.advance(1100);
    const unsent = await call(owner, '/broker/project/invokeWithdrawalEmailValidation', { projectNo, operation: { kind: 'allot', mode: 'percent', total: '10', legs, requestId: requestId() } });
    expect(unsent.code).toBe(Code.brokerProfitSplit);
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(owner, '/broker/project/invokeWithdrawalEmailValidation', { projectNo });
    const split = await call(owner, '/broker/profitAccrual/apply', { projectNo, mode: 'percent', total: '10', legs, requestId: requestId(), emailUuid: sent.data.uuid, emailCode: (await api.lastCode(owner.email, 'email'))!.code });
    expect(split.code).toBe(Code.brokerProfitSplit);
  });

  it('a withdrawal holds, is refused to its applicant, approved by another member, and leaves the NAV per unit as it was', async () => {
    const before = await fund();
    const preview = await call<{ nav: string; availableAfter: string }>(owner, '/broker/project/submitExtractInferiorRecord', { projectNo, toAccountId: okxA, amount: '10' });
    expect(preview.code).toBe(200);
    expect(preview.data.nav).toBe(before.nav);
    expect(d(preview.data.availableAfter).eq(d(before.available).minus(10))).toBe(true);
    const destBefore = await futuresFree(okxA);
    const applied = await withdraw(owner, '10', { remark: 'fee for November' });
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    expect(applied.data.status).toBe('applying');
    const held = await fund();
    expect(d(held.applying).minus(before.applying).eq(10)).toBe(true);
    expect(d(held.available).eq(d(before.available).minus(10))).toBe(true);
    expect(held.nav).toBe(before.nav);
    // Maker-checker: the applicant's own approval is refused.
    expect((await approve(owner, applied.data.applicationId)).code).toBe(Code.brokerSelfApproval);
    const done = await approve(member, applied.data.applicationId);
    expect(done.code, JSON.stringify(done)).toBe(200);
    expect(done.data.status).toBe('done');
    expect((await futuresFree(okxA)).minus(destBefore).eq(10)).toBe(true);
    const after = await fund();
    expect(d(before.profitPayable).minus(after.profitPayable).eq(10)).toBe(true);
    expect(d(after.withdrawn).minus(before.withdrawn).eq(10)).toBe(true);
    expect(after.nav).toBe(before.nav);
    // A second decision is refused; the operation log has apply and approved.
    expect((await approve(member, applied.data.applicationId)).code).toBe(Code.brokerApplicationState);
    const log = await call<Page<{ operationType: string; amount: string }>>(owner, '/broker/pageBrokerFinancingAction', { pageCondition: page, queryCondition: { operationType: 'inferior_extract_approved' } });
    expect(log.data.list.some((r) => d(r.amount).eq(10))).toBe(true);
    // A replay of the same request returns the application; other content with its requestId is 10209.
    const replayContent = { toAccountId: okxB, amount: '1', requestId: `replay-${requests}` };
    const again = await call<ProfitApplication>(owner, '/broker/project/addExtractInferiorRecord', { projectNo, ...replayContent, ...(await withdrawCode(owner, { kind: 'withdraw', ...replayContent })) });
    expect(again.code).toBe(200);
    const replay = await call<ProfitApplication>(owner, '/broker/project/addExtractInferiorRecord', { projectNo, toAccountId: okxB, amount: '1', requestId: `replay-${requests}`, emailUuid: 'x', emailCode: '000000' });
    expect(replay.data.applicationId).toBe(again.data.applicationId);
    const reused = await call(owner, '/broker/project/addExtractInferiorRecord', { projectNo, toAccountId: okxB, amount: '2', requestId: `replay-${requests}`, emailUuid: 'x', emailCode: '000000' });
    expect(reused.code).toBe(Code.requestIdReused);
    // Rejected by the member: released.
    const rejected = await call<ProfitApplication>(member, '/broker/profitAccrual/reject', { applicationId: again.data.applicationId, requestId: requestId(), reason: 'not now', ...(await gaOf(api, member)) });
    expect(rejected.data.status).toBe('rejected');
    expect(d((await fund()).applying).eq(before.applying)).toBe(true);
  });

  it('an allocation by percentages pays each sub-account its share in one approval', async () => {
    const before = await fund();
    const a = await futuresFree(okxA);
    const b = await futuresFree(okxB);
    const applied = await allotByPercent('9', '33.33', '66.67');
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    expect(applied.data.legs.map((l) => l.amount)).toEqual(['2.9997', '6.0003']);
    const done = await approve(member, applied.data.applicationId);
    expect(done.data.status).toBe('done');
    expect((await futuresFree(okxA)).minus(a).toFixed()).toBe('2.9997');
    expect((await futuresFree(okxB)).minus(b).toFixed()).toBe('6.0003');
    const after = await fund();
    expect(d(before.profitPayable).minus(after.profitPayable).eq(9)).toBe(true);
    expect(after.nav).toBe(before.nav);
  });

  it('20 parallel withdrawals whose sum exceeds the available profit: exactly the ones it covers are held, never more', async () => {
    const available = d((await fund()).available);
    const each = available.div(7).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const bodies: Record<string, unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      const content = { toAccountId: okxA, amount: each.toFixed(), requestId: requestId() };
      bodies.push({ projectNo, ...content, ...(await withdrawCode(owner, { kind: 'withdraw', ...content })) });
    }
    const tally = await burst(20, (i) => call(owner, '/broker/project/addExtractInferiorRecord', bodies[i]));
    expect(tally.get(200), JSON.stringify([...tally])).toBe(7);
    expect(tally.get(Code.brokerProfitUnavailable), JSON.stringify([...tally])).toBe(13);
    const after = await fund();
    expect(d(after.available).gte(0)).toBe(true);
    expect(d(after.applying).gte(each.mul(7))).toBe(true);
    // Release them again (another member rejects), so the next tests start from the same profit.
    const applying = await call<Page<ProfitApplication>>(owner, '/broker/profitAccrual/pageApplication', { pageCondition: page, queryCondition: { projectNo, status: 'applying' } });
    for (const row of applying.data.list) expect((await call(member, '/broker/profitAccrual/reject', { applicationId: row.applicationId, requestId: requestId(), ...(await gaOf(api, member)) })).code).toBe(200);
    expect(d((await fund()).available).eq(available)).toBe(true);
  });

  it("the broker's own money into the project buys units of its own investor record at the NAV when approved", async () => {
    const before = await fund();
    const sourceBefore = await futuresFree(okxB);
    const applied = await call<ProfitApplication>(owner, '/broker/project/addInferiorTransferRecord', { projectNo, fromAccountId: okxB, fromWallet: 'futures', amount: '150', requestId: requestId() });
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    expect((await futuresFree(okxB)).eq(sourceBefore.minus('150'))).toBe(true);
    expect((await call(owner, '/broker/project/addInferiorTransferRecord', { projectNo, fromAccountId: primary, fromWallet: 'futures', amount: '150', requestId: requestId() })).code).toBe(Code.brokerProfitDestination);
    expect((await call(owner, '/broker/project/addInferiorTransferRecord', { projectNo, fromAccountId: okxB, fromWallet: 'futures', amount: '1', requestId: requestId() })).code).toBe(Code.belowMinSubscription);
    const done = await approve(member, applied.data.applicationId);
    expect(done.code, JSON.stringify(done)).toBe(200);
    expect(done.data.nav).toBe(before.nav);
    // Units at the live NAV (the projects core prices at the exact NAV ratio, rounding units down).
    expect(d(done.data.units!).gt(0)).toBe(true);
    expect(d(done.data.units!).mul(done.data.nav!).minus(150).abs().lt('0.001')).toBe(true);
    const after = await fund();
    expect(d(after.primaryFree).minus(before.primaryFree).eq(150)).toBe(true);
    expect(d(after.nav).gte(before.nav)).toBe(true);
  });

  it('a destination linked to a project after the application cannot take the profit (its NAV would jump): 10481, and the application can be rejected', async () => {
    const empty = await openAccount(owner, 'okx', 'okxProfitLate');
    expect((await api.call('POST', '/_dev/broker/accounts/drain', { body: { brokerAccountId: empty } })).code).toBe(200);
    const before = await fund();
    const content = { toAccountId: empty, amount: '1', requestId: requestId() };
    const applied = await call<ProfitApplication>(owner, '/broker/project/addExtractInferiorRecord', { projectNo, ...content, ...(await withdrawCode(owner, { kind: 'withdraw', ...content })) });
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    const linked = await call(owner, '/broker/account/project/relation/add', { projectNo, brokerAccountId: empty });
    expect(linked.code, JSON.stringify(linked)).toBe(200);
    expect((await approve(member, applied.data.applicationId)).code).toBe(Code.brokerProfitDestination);
    const rejected = await call<ProfitApplication>(member, '/broker/profitAccrual/reject', { applicationId: applied.data.applicationId, requestId: requestId(), ...(await gaOf(api, member)) });
    expect(rejected.data.status).toBe('rejected');
    const after = await fund();
    expect(after.nav).toBe(before.nav);
    expect(after.available).toBe(before.available);
  });

  it('exports both tables with the cover block and numeric cells', async () => {
    for (const table of ['accrual', 'application'] as const) {
      const response = await fetch(`${api.base}/broker/profitAccrual/export?table=${table}&projectNo=${projectNo}`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${owner.token}` } });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(table === 'accrual' ? /profit-accruals-\d{8}\.xlsx/ : /profit-applications-\d{8}\.xlsx/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await response.arrayBuffer());
      const sheet = book.worksheets[0]!;
      expect(String(sheet.getRow(2).getCell(1).value)).toContain(projectNo);
      expect(String(sheet.getRow(3).getCell(1).value)).toMatch(/Asia\/Hong_Kong/);
      const rows = sheet.getRows(7, sheet.rowCount - 6) ?? [];
      expect(rows.length, JSON.stringify(sheet.getSheetValues())).toBeGreaterThan(0);
      expect(typeof rows[0]!.getCell(6).value).toBe('number');
    }
    const refused = await fetch(`${api.base}/broker/profitAccrual/export?table=accrual&projectNo=${projectNo}`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${stranger.token}` } });
    expect(refused.status).toBe(404);
  });
});
