import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { addDays, hkDay } from '../../contract/broker-projects-rules.ts';
import { defaultLimits } from '../../server/platform/context.ts';
import { demoUser, type TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { brokerCalls, gaOf, makeChecker, page, type Broker } from './brokers.ts';

/**
 * The projects core of the broker sandbox (issue 15; contract/broker-projects.ts): projects made by applyRecord/add,
 * their sub-accounts, investors, capital increases and decreases at the NAV per unit, the daily zero-hour job and
 * the demo project's seeded year. PGlite, and PostgreSQL where its binaries are installed (parallel requests really
 * race there). The ledger's invariants are checked after every test.
 */
interface Project {
  projectNo: string;
  status: string;
  brokerAccountId: string;
  units: string;
  nav: string;
  grossAsset: string;
  netAsset: string;
  interestPayable: string;
  profitPayable: string;
  recordDay: string | null;
  investorCount: number;
}
interface Flow {
  flowId: string;
  investorId: string;
  direction: string;
  amount: string;
  units: string;
  nav: string;
  principalChange: string;
}
interface Holding {
  investorId: string;
  units: string;
  principal: string;
  totalIn: string;
  totalOut: string;
}
interface DevRecord {
  day: string;
  nav: string;
  units: string;
  pnl: string;
  grossAsset: string;
  netAsset: string;
  interestPayable: string;
  profitPayable: string;
  flowsIn: string;
  flowsOut: string;
  tradeCount: number;
  tradesNet: string;
  interestAccrued: string;
  profitAccrued: string;
}

const d = (v: string) => new Decimal(v);
const DAY = 86_400_000;

describe.each(securityBackends())('broker projects core ($name)', (backend) => {
  let api: TestApi;
  let owner: Broker;
  let stranger: Broker;
  let plainUser: Broker;
  let requests = 0;
  const requestId = () => `prj-${++requests}-${Math.random().toString(36).slice(2, 8)}`;
  const { call, newBroker } = brokerCalls(() => api);
  const today = () => hkDay(api.clock.now());
  const terms = (extra: Record<string, unknown> = {}) => ({
    type: 'project',
    name: 'Alpha Fund',
    exchangeCode: 'okx',
    startDay: today(),
    endDay: addDays(today(), 365),
    interestRate: '0.08',
    performanceFeeRate: '0.2',
    minSubscription: '1000',
    requestId: requestId(),
    ...extra,
  });
  const createProject = async (who: Broker, extra: Record<string, unknown> = {}) => {
    const made = await call<{ status: string; projectNo: string; project: Project }>(who, '/broker/applyRecord/add', terms(extra));
    expect(made.code, JSON.stringify(made)).toBe(200);
    return made.data.project;
  };
  const info = async (who: Broker, projectNo: string) => {
    const reply = await call<{ project: Project; available: string; totalIn: string; totalOut: string }>(who, '/broker/project/queryBrokerProjectInfo', { projectNo });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data;
  };
  const capital = async (who: Broker, projectNo: string) => (await call<{ list: Holding[]; units: string; nav: string }>(who, '/broker/project/listCapital', { projectNo })).data;
  const records = async (projectNo: string) => (await api.call<{ list: DevRecord[] }>('GET', `/_dev/broker/projects/records?projectNo=${projectNo}`)).data.list;
  const addInvestor = async (who: Broker, name: string) => {
    const reply = await call<{ investorId: string }>(who, '/broker/investor/add', { name, email: `${name.replaceAll(' ', '.').toLowerCase()}-${Math.random().toString(36).slice(2, 7)}@client.test` });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data.investorId;
  };
  const increase = (who: Broker, projectNo: string, investorId: string, amount: string, extra: Record<string, unknown> = {}) =>
    call<Flow>(who, '/broker/financing/increaseCapital', { projectNo, investorId, amount, requestId: requestId(), ...extra });
  const code = async (who: Broker, businessType = 'brokerRedeem', operation?: Record<string, unknown>) => {
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(who, '/broker/fundTransfer/invokeEmailValidation', { businessType, ...(operation ? { operation } : {}) });
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    const mail = await api.lastCode(who.email, 'email');
    return { emailUuid: sent.data.uuid, emailCode: mail!.code };
  };
  const decrease = async (who: Broker, projectNo: string, investorId: string, ask: Record<string, string>, extra: Record<string, unknown> = {}) =>
    call<Flow>(who, '/broker/financing/decreaseCapital', { projectNo, investorId, ...ask, requestId: requestId(), ...(await code(who)), ...extra });
  /** Moves the sandbox clock (the daily job runs after it); sessions outlive no such jump, so the owner signs in again. */
  const advance = async (ms: number) => {
    expect((await api.call('POST', '/_dev/clock/advance', { body: { ms } })).code).toBe(200);
    owner.token = await api.token(owner.email, 'Passw0rd!x');
  };

  beforeAll(async () => {
    const many = { limit: 10_000, windowMs: 3_600_000 };
    api = await backend.start({ demoProject: true, limits: { sendRates: { ...defaultLimits.sendRates, destination: many, account: many, ip: many } } });
    owner = await newBroker();
    stranger = await newBroker();
    plainUser = await newBroker(false);
  }, 180_000);
  afterAll(async () => api?.close());
  afterEach(async () => {
    const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });

  it('seeds the demo project with a year of zero-hour records made by the daily job', async () => {
    const demo = { email: demoUser.email, token: await api.token() };
    const list = await api.call<Array<{ projectNo: string; status: string }>>('GET', '/broker/project', { token: demo.token });
    expect(list.code).toBe(200);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.status).toBe('in_progress');
    const projectNo = list.data[0]!.projectNo;
    const rows = await records(projectNo);
    // Started 365 days ago: a record for every day after the start day up to today.
    expect(rows).toHaveLength(365);
    expect(rows.at(-1)!.day).toBe(today());
    for (const r of rows) {
      expect(d(r.tradesNet).eq(r.pnl), r.day).toBe(true);
      expect(d(r.nav).gt(0)).toBe(true);
      expect(d(r.netAsset).eq(d(r.grossAsset).sub(r.interestPayable).sub(r.profitPayable))).toBe(true);
    }
    // The flows of the year are in the records (five increases, two decreases).
    expect(rows.reduce((n, r) => n + (d(r.flowsIn).gt(0) ? 1 : 0), 0)).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => d(r.flowsOut).gt(0)).map((r) => r.day), JSON.stringify(rows.filter((r) => d(r.flowsOut).gt(0)))).toHaveLength(2);
    const holdings = await capital(demo, projectNo);
    expect(holdings.list).toHaveLength(3);
    expect(holdings.list.reduce((s, h) => s.add(h.units), d('0')).eq(holdings.units)).toBe(true);
    const now = await info(demo, projectNo);
    expect(d(now.project.interestPayable).gt(0)).toBe(true);
    expect(now.project.recordDay).toBe(today());
  });

  it('applyRecord/add makes a project at once, idempotent on requestId, and refuses bad terms with the field', async () => {
    const body = terms({ name: 'Idempotent Fund' });
    const first = await call<{ status: string; projectNo: string; project: Project }>(owner, '/broker/applyRecord/add', body);
    expect(first.code, JSON.stringify(first)).toBe(200);
    expect(first.data.status).toBe('done');
    expect(first.data.projectNo).toMatch(new RegExp(`^P${today().replaceAll('-', '')}\\d{4}$`));
    expect(first.data.project.status).toBe('in_progress');
    expect(first.data.project.nav).toBe('1');
    const replies = await Promise.all(Array.from({ length: 10 }, () => call<{ projectNo: string }>(owner, '/broker/applyRecord/add', body)));
    expect(new Set(replies.map((r) => r.data.projectNo))).toEqual(new Set([first.data.projectNo]));
    expect((await call(owner, '/broker/applyRecord/add', { ...body, name: 'Another Fund' })).code).toBe(Code.requestIdReused);
    // The primary sub-account is an empty asset-management account on the exchange.
    const account = await call<{ accountType: string; totalValueUsdt: string }>(owner, '/broker/account/getBrokerAccountId', { brokerAccountId: first.data.project.brokerAccountId });
    expect(account.data.accountType).toBe('asset_management');
    expect(account.data.totalValueUsdt).toBe('0');

    const refused: Array<[Record<string, unknown>, string]> = [
      [{ name: ' A ' }, 'name'],
      [{ name: 'x'.repeat(41) }, 'name'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ exchangeCode: 'coinex' }, 'exchangeCode'],
      [{ exchangeCode: 'coinbaseinternational' }, 'exchangeCode'],
      [{ exchangeCode: 'nasdaq' }, 'exchangeCode'],
      [{ startDay: '2026-02-30' }, 'startDay'],
      [{ startDay: addDays(today(), -1) }, 'startDay'],
      [{ startDay: addDays(today(), 400), endDay: addDays(today(), 500) }, 'startDay'],
      [{ endDay: today() }, 'endDay'],
      [{ endDay: addDays(today(), 4000) }, 'endDay'],
      [{ interestRate: '0.31' }, 'interestRate'],
      [{ interestRate: '-0.1' }, 'interestRate'],
      [{ performanceFeeRate: '0.6' }, 'performanceFeeRate'],
      [{ minSubscription: '0.5' }, 'minSubscription'],
      [{ minSubscription: '100000001' }, 'minSubscription'],
      [{ type: 'loan' }, 'type'],
      [{ requestId: 'x' }, 'requestId'],
    ];
    for (const [extra, field] of refused) {
      const reply = await call<{ field: string }>(owner, '/broker/applyRecord/add', terms(extra));
      expect(reply.status, `${JSON.stringify(extra)} ${JSON.stringify(reply)}`).toBe(400);
      expect(reply.data.field, JSON.stringify(extra)).toBe(field);
    }
  });

  it('no broker rights is 403 and another organisation’s project, investor or relation is 404 on every call', async () => {
    const project = await createProject(owner, { name: 'Private Fund' });
    const investor = await addInvestor(owner, 'Private Client');
    expect((await increase(owner, project.projectNo, investor, '5000')).code).toBe(200);
    const relations = await call<Array<{ relationId: string }>>(owner, '/broker/account/project/relation/queryBrokerAccount', { projectNo: project.projectNo });
    const relationId = relations.data[0]!.relationId;
    const { projectNo } = project;
    const bodies: Array<[string, unknown]> = [
      ['/broker/project/queryBrokerProjectInfo', { projectNo }],
      ['/broker/project/listCapital', { projectNo }],
      ['/broker/project/pageDepositWithdrawRecords', { pageCondition: page, queryCondition: { projectNo } }],
      ['/broker/account/project/relation/queryBrokerAccount', { projectNo }],
      ['/broker/account/project/relation/querySelectBrokerAccount', { projectNo }],
      ['/broker/account/project/relation/add', { projectNo, brokerAccountId: project.brokerAccountId }],
      ['/broker/account/project/relation/update', { relationId, remark: 'x' }],
      ['/broker/account/project/relation/delete', { relationId }],
      ['/broker/investor/list', { projectNo }],
      ['/broker/financing/increaseCapital', { projectNo, investorId: investor, amount: '5000', requestId: requestId() }],
      ['/broker/financing/preDecreaseCapital', { projectNo, investorId: investor, units: '1' }],
      ['/broker/financing/decreaseCapital', { projectNo, investorId: investor, units: '1', requestId: requestId(), emailUuid: 'x', emailCode: '123456' }],
    ];
    for (const [path, body] of bodies) {
      const theirs = await call<{ field: string }>(stranger, path, body);
      expect(theirs.status, `${path} ${JSON.stringify(theirs)}`).toBe(404);
      expect((await call(plainUser, path, body)).status, path).toBe(403);
    }
    // The stranger's own project cannot take the owner's investor.
    const own = await createProject(stranger, { name: 'Stranger Fund' });
    const reply = await increase(stranger, own.projectNo, investor, '5000');
    expect(reply.status).toBe(404);
    expect((reply.data as unknown as { field: string }).field).toBe('investorId');
    expect((await api.call('GET', '/broker/project', { token: plainUser.token })).status).toBe(403);
    for (const path of ['/broker/project/listProjectByStatus', '/broker/investor/list']) expect((await call(plainUser, path, {})).status).toBe(403);
    const theirList = await api.call<Array<{ projectNo: string }>>('GET', '/broker/project', { token: stranger.token });
    expect(theirList.data.map((p) => p.projectNo)).toEqual([own.projectNo]);
  });

  it('validates the capital calls: investor, minimum subscription, units and amount, the second factor', async () => {
    const project = await createProject(owner, { name: 'Checked Fund', minSubscription: '2500' });
    const { projectNo } = project;
    const investor = await addInvestor(owner, 'Checked Client');
    const bad: Array<[string, Record<string, unknown>, string]> = [
      ['/broker/financing/increaseCapital', { projectNo, amount: '5000', requestId: requestId() }, 'investorId'],
      ['/broker/financing/increaseCapital', { projectNo, investorId: investor, investor: { name: 'Two', email: 'two@client.test' }, amount: '5000', requestId: requestId() }, 'investor'],
      ['/broker/financing/increaseCapital', { projectNo, investorId: investor, amount: '5000.123456789', requestId: requestId() }, 'amount'],
      ['/broker/financing/increaseCapital', { projectNo, investorId: investor, amount: '0', requestId: requestId() }, 'amount'],
      ['/broker/financing/increaseCapital', { projectNo, investorId: investor, amount: '-5', requestId: requestId() }, 'amount'],
      ['/broker/financing/increaseCapital', { projectNo, investor: { name: 'X', email: 'x@client.test' }, amount: '5000', requestId: requestId() }, 'investor.name'],
      ['/broker/financing/increaseCapital', { projectNo, investor: { name: 'Mail Less', email: 'not-an-email' }, amount: '5000', requestId: requestId() }, 'investor.email'],
      ['/broker/financing/increaseCapital', { projectNo: 'P1', investorId: investor, amount: '5000', requestId: requestId() }, 'projectNo'],
      ['/broker/financing/preDecreaseCapital', { projectNo, investorId: investor }, 'units'],
      ['/broker/financing/preDecreaseCapital', { projectNo, investorId: investor, units: '1', amount: '1' }, 'amount'],
      ['/broker/financing/preDecreaseCapital', { projectNo, investorId: investor, units: '0' }, 'units'],
      ['/broker/investor/add', { name: 'Ok Name', email: 'nope' }, 'email'],
      ['/broker/investor/add', { name: 'x'.repeat(41), email: 'long@client.test' }, 'name'],
    ];
    for (const [path, body, field] of bad) {
      const reply = await call<{ field: string }>(owner, path, body);
      expect(reply.status, `${path} ${JSON.stringify(body)} ${JSON.stringify(reply)}`).toBe(400);
      expect(reply.data.field, JSON.stringify(body)).toBe(field);
    }
    expect((await increase(owner, projectNo, investor, '2499.99')).code).toBe(Code.belowMinSubscription);
    expect((await increase(owner, projectNo, '999999', '5000')).status).toBe(404);
    // A new investor by name and e-mail, made with the flow; the same e-mail again is 10461.
    const email = `new-${Math.random().toString(36).slice(2, 7)}@client.test`;
    const made = await call<Flow>(owner, '/broker/financing/increaseCapital', { projectNo, investor: { name: 'New Client', email }, amount: '3000', requestId: requestId() });
    expect(made.code, JSON.stringify(made)).toBe(200);
    expect(made.data.units).toBe('3000');
    expect((await call(owner, '/broker/investor/add', { name: 'Again', email: email.toUpperCase() })).code).toBe(Code.investorExists);
    const listed = await call<Array<{ investorId: string; projectCount: number }>>(owner, '/broker/investor/list', { projectNo });
    expect(listed.data.map((i) => i.investorId)).toEqual([made.data.investorId]);

    // Decreases: more units than held is 10457; the second factor is required and of type brokerRedeem.
    expect((await call(owner, '/broker/financing/preDecreaseCapital', { projectNo, investorId: made.data.investorId, units: '3000.00000001' })).code).toBe(Code.insufficientUnits);
    const noCode = await call<{ field: string }>(owner, '/broker/financing/decreaseCapital', { projectNo, investorId: made.data.investorId, units: '10', requestId: requestId() });
    expect(noCode.status).toBe(400);
    const wrongType = await call(owner, '/broker/financing/decreaseCapital', { projectNo, investorId: made.data.investorId, units: '10', requestId: requestId(), ...(await code(owner, 'brokerWithdraw')) });
    // A code of another business type is not one of this call's (10004, as an expired one).
    expect(wrongType.code).toBe(10004);
    const preview = await call<{ units: string; amount: string; nav: string; unitsLeft: string; principalReduced: string }>(owner, '/broker/financing/preDecreaseCapital', {
      projectNo,
      investorId: made.data.investorId,
      amount: '1000',
    });
    expect(preview.code).toBe(200);
    expect(preview.data).toMatchObject({ units: '1000', amount: '1000', nav: '1', unitsLeft: '2000', principalReduced: '1000' });
    const done = await decrease(owner, projectNo, made.data.investorId, { amount: '1000' });
    expect(done.code, JSON.stringify(done)).toBe(200);
    expect(done.data).toMatchObject({ direction: 'decrease', units: preview.data.units, amount: preview.data.amount, principalChange: '-1000' });
    // The code is used up with the money it moved.
    const used = { ...(await code(owner)) };
    expect((await call(owner, '/broker/financing/decreaseCapital', { projectNo, investorId: made.data.investorId, units: '1', requestId: requestId(), ...used })).code).toBe(200);
    expect((await call(owner, '/broker/financing/decreaseCapital', { projectNo, investorId: made.data.investorId, units: '1', requestId: requestId(), ...used })).code).toBe(10004);
  });

  it('20 parallel increases with one requestId make one flow', async () => {
    const project = await createProject(owner, { name: 'Burst Fund' });
    const investor = await addInvestor(owner, 'Burst Client');
    const body = { projectNo: project.projectNo, investorId: investor, amount: '12345.678', requestId: requestId() };
    const replies = await Promise.all(Array.from({ length: 20 }, () => call<Flow>(owner, '/broker/financing/increaseCapital', body)));
    expect(replies.map((r) => r.code)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(replies.map((r) => r.data.flowId)).size).toBe(1);
    const flows = await call<{ total: number }>(owner, '/broker/project/pageDepositWithdrawRecords', { pageCondition: page, queryCondition: { projectNo: project.projectNo } });
    expect(flows.data.total).toBe(1);
    const now = await info(owner, project.projectNo);
    expect(now.project.units).toBe('12345.678');
    expect(now.project.grossAsset).toBe('12345.678');
    expect(now.available).toBe('12345.678');
    // The same requestId with other content is 10209.
    expect((await call(owner, '/broker/financing/increaseCapital', { ...body, amount: '20000' })).code).toBe(Code.requestIdReused);
  });

  it('20 parallel different increases and decreases: units × NAV and the ledger add up, never negative', async () => {
    const project = await createProject(owner, { name: 'Race Fund', minSubscription: '100' });
    const { projectNo } = project;
    const a = await addInvestor(owner, 'Race Client A');
    const b = await addInvestor(owner, 'Race Client B');
    expect((await increase(owner, projectNo, a, '10000')).code).toBe(200);
    // A few days of trading first, so the NAV is not 1.
    await advance(3 * DAY);
    const before = await info(owner, projectNo);
    expect(before.project.nav).not.toBe('1');
    const codes: Array<{ emailUuid: string; emailCode: string }> = [];
    for (let i = 0; i < 10; i++) codes.push(await code(owner));
    // 10 increases by B, 10 decreases by A of 1500 units each: A holds 10000 units, so at most 6 decreases fit.
    const tally = await burst(20, (i) =>
      i % 2 === 0
        ? increase(owner, projectNo, b, String(100 + i))
        : call(owner, '/broker/financing/decreaseCapital', { projectNo, investorId: a, units: '1500', requestId: requestId(), ...codes[(i - 1) / 2]! }),
    );
    expect(tally.get(200)).toBe(16);
    expect(tally.get(Code.insufficientUnits)).toBe(4);
    const holdings = await capital(owner, projectNo);
    const byId = new Map(holdings.list.map((h) => [h.investorId, h]));
    expect(byId.get(a)!.units).toBe('1000');
    expect(d(byId.get(a)!.units).gte(0)).toBe(true);
    const after = await info(owner, projectNo);
    expect(holdings.list.reduce((s, h) => s.add(h.units), d('0')).toFixed()).toBe(d(after.project.units).toFixed());
    // Money: the gross asset moved by exactly Σ in − Σ out, and the NAV did not move (beyond rounding).
    const flows = (await call<{ list: Flow[] }>(owner, '/broker/project/pageDepositWithdrawRecords', { pageCondition: page, queryCondition: { projectNo } })).data.list;
    const since = flows.filter((f) => !(f.direction === 'increase' && f.investorId === a));
    expect(since).toHaveLength(16);
    const net = since.reduce((s, f) => (f.direction === 'increase' ? s.add(f.amount) : s.sub(f.amount)), d('0'));
    expect(d(after.project.grossAsset).sub(before.project.grossAsset).eq(net)).toBe(true);
    expect(d(after.project.nav).sub(before.project.nav).abs().lt('1e-8')).toBe(true);
    for (const f of since) expect(d(f.nav).sub(before.project.nav).abs().lt('1e-8'), `${f.nav} ${before.project.nav} ${JSON.stringify(since.map((x) => x.nav))}`).toBe(true);
    // Each flow's units × NAV is its amount, within the NAV's rounding (flows are priced at the exact ratio).
    for (const f of since) expect(d(f.units).mul(f.nav).sub(f.amount).abs().lte(d(f.units).mul('5e-9').add('1e-8'))).toBe(true);
    expect(d(after.available).gte(0)).toBe(true);
    expect(after.totalIn).toBe(d(before.totalIn).add(since.filter((f) => f.direction === 'increase').reduce((s, f) => s.add(f.amount), d('0'))).toFixed());
  });

  it('keeps the NAV continuous at capital flows after days of trading', async () => {
    const project = await createProject(owner, { name: 'Continuity Fund', minSubscription: '100' });
    const { projectNo } = project;
    const a = await addInvestor(owner, 'Steady Client');
    const b = await addInvestor(owner, 'Late Client');
    expect((await increase(owner, projectNo, a, '250000')).code).toBe(200);
    await advance(10 * DAY);
    for (const step of [() => increase(owner, projectNo, b, '77777.77'), () => decrease(owner, projectNo, a, { amount: '33333.33' }), () => decrease(owner, projectNo, b, { units: '1000.5' })]) {
      const before = (await info(owner, projectNo)).project;
      const flow = await step();
      expect(flow.code, JSON.stringify(flow)).toBe(200);
      const after = (await info(owner, projectNo)).project;
      expect(flow.data.nav).toBe(before.nav);
      expect(d(after.nav).sub(before.nav).abs().lt('1e-8'), `${before.nav} → ${after.nav}`).toBe(true);
      expect(d(after.nav).gte(before.nav)).toBe(true);
    }
  });

  it('the daily job catches up after a 30-day clock advance, once per day, with interest and fee accruals', async () => {
    const project = await createProject(owner, { name: 'Catch-up Fund', interestRate: '0.1', performanceFeeRate: '0.25', minSubscription: '100' });
    const { projectNo } = project;
    const a = await addInvestor(owner, 'Patient Client');
    expect((await increase(owner, projectNo, a, '100000')).code).toBe(200);
    const startRecords = (await records(projectNo)).length;
    await advance(30 * DAY);
    const rows = await records(projectNo);
    expect(rows.length - startRecords).toBe(30);
    expect(rows.at(-1)!.day).toBe(today());
    // Once per day: running the job again (and another sweep) writes nothing.
    expect((await api.call<{ written: number }>('POST', '/_dev/broker/projects/runDaily')).data.written).toBe(0);
    await advance(1000);
    expect(await records(projectNo)).toEqual(rows);
    let interest = d('0');
    let fees = d('0');
    let hwm = d('1');
    for (const r of rows) {
      expect(r.tradeCount).toBeGreaterThanOrEqual(3);
      expect(r.tradeCount).toBeLessThanOrEqual(12);
      expect(d(r.tradesNet).eq(r.pnl)).toBe(true);
      // |r| ≤ 5 %.
      expect(d(r.pnl).abs().lte(d(r.grossAsset).mul('0.06'))).toBe(true);
      // Interest: principal 100000 × 10 % / 365, 8 decimals down.
      expect(r.interestAccrued).toBe(d('100000').mul('0.1').div(365).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
      interest = interest.add(r.interestAccrued);
      fees = fees.add(r.profitAccrued);
      expect(d(r.interestPayable).eq(interest)).toBe(true);
      expect(d(r.profitPayable).eq(fees)).toBe(true);
      // A fee only when the NAV is above the previous high-water mark, which then rises to the NAV after the fee.
      if (d(r.profitAccrued).gt(0)) {
        expect(d(r.nav).gt(hwm)).toBe(true);
        hwm = d(r.nav);
      } else expect(d(r.nav).lte(hwm)).toBe(true);
    }
    const now = await info(owner, projectNo);
    expect(now.project.interestPayable).toBe(interest.toFixed());
    expect(now.project.nav).toBe(rows.at(-1)!.nav);
  });

  it('money leaves a project account only through the project; links need an empty sub-account of the exchange', async () => {
    const project = await createProject(owner, { name: 'Linked Fund', minSubscription: '100' });
    const { projectNo } = project;
    const a = await addInvestor(owner, 'Linked Client');
    expect((await increase(owner, projectNo, a, '5000')).code).toBe(200);
    const other = await call<{ brokerAccountId: string }>(owner, '/broker/account/insertBrokerAccount', { exchangeCode: 'okx', accountType: 'regular', subAccountName: `okxside${requests}`, requestId: requestId() });
    expect(other.code).toBe(200);
    const transfer = await call(owner, '/broker/fundTransfer/apply', { type: 'transfer', fromAccountId: project.brokerAccountId, fromWallet: 'futures', toAccountId: other.data.brokerAccountId, toWallet: 'spot', asset: 'USDT', amount: '100', requestId: requestId() });
    expect(transfer.code).toBe(Code.projectAccountLocked);
    expect((await call(owner, '/broker/account/delete', { brokerAccountId: project.brokerAccountId })).code).toBe(Code.projectAccountLocked);
    const into = await call<{ field: string }>(owner, '/broker/fundTransfer/apply', { type: 'transfer', fromAccountId: other.data.brokerAccountId, fromWallet: 'spot', toAccountId: project.brokerAccountId, toWallet: 'futures', asset: 'USDT', amount: '100', requestId: requestId() });
    expect(into.code).toBe(Code.projectAccountLocked);
    expect(into.data.field).toBe('toAccountId');
    const targets = await call<Array<{ brokerAccountId: string }>>(owner, '/broker/fundTransfer/listBrokerAccountAvailableTransfer', { fromAccountId: other.data.brokerAccountId });
    expect(targets.data.map((t) => t.brokerAccountId)).not.toContain(project.brokerAccountId);
    const actions = await api.call<{ actions: Array<{ enabled: boolean; reason: string }> }>('GET', `/broker/fundTransfer/accountActions?brokerAccountId=${project.brokerAccountId}`, { token: owner.token });
    expect(actions.data.actions.map((a) => [a.enabled, a.reason])).toEqual([[false, 'projectAccount'], [false, 'projectAccount']]);
    const sources = await api.call<Array<{ brokerAccountId: string }>>('GET', '/broker/fundTransfer/accounts?exchangeCode=okx', { token: owner.token });
    expect(sources.data.map((s) => s.brokerAccountId)).toContain(other.data.brokerAccountId);
    expect(sources.data.map((s) => s.brokerAccountId)).not.toContain(project.brokerAccountId);

    // A sub-account with its seeded history is not empty: it may not be linked; another exchange's neither.
    const selectable = await call<Array<{ brokerAccountId: string; selectable: boolean; reason: string | null }>>(owner, '/broker/account/project/relation/querySelectBrokerAccount', { projectNo });
    expect(selectable.data.find((s) => s.brokerAccountId === other.data.brokerAccountId)).toMatchObject({ selectable: false, reason: 'notEmpty' });
    expect((await call<{ reason: string }>(owner, '/broker/account/project/relation/add', { projectNo, brokerAccountId: other.data.brokerAccountId })).data.reason).toBe('notEmpty');
    const binance = await createProject(owner, { name: 'Binance Fund', exchangeCode: 'binance' });
    const cross = await call<{ reason: string }>(owner, '/broker/account/project/relation/add', { projectNo, brokerAccountId: binance.brokerAccountId });
    expect(cross.code).toBe(Code.relationRefused);
    expect(cross.data.reason).toBe('otherExchange');
    // An empty okx account: another project's primary one, freshly made and unfunded, is in a project already.
    const empty = await createProject(owner, { name: 'Empty Fund' });
    expect((await call<{ reason: string }>(owner, '/broker/account/project/relation/add', { projectNo, brokerAccountId: empty.brokerAccountId })).data.reason).toBe('inProject');
    // Emptied on the exchange (the sandbox control), the sub-account may be linked; the NAV does not move.
    expect((await api.call('POST', '/_dev/broker/accounts/drain', { body: { brokerAccountId: other.data.brokerAccountId } })).code).toBe(200);
    const before = (await info(owner, projectNo)).project;
    const now = await call<Array<{ brokerAccountId: string; selectable: boolean }>>(owner, '/broker/account/project/relation/querySelectBrokerAccount', { projectNo });
    expect(now.data.find((s) => s.brokerAccountId === other.data.brokerAccountId)!.selectable).toBe(true);
    const linked = await call<{ relationId: string; role: string; usdt: string }>(owner, '/broker/account/project/relation/add', { projectNo, brokerAccountId: other.data.brokerAccountId, remark: 'hedge book' });
    expect(linked.code, JSON.stringify(linked)).toBe(200);
    expect(linked.data).toMatchObject({ role: 'linked', usdt: '0' });
    expect((await call<{ reason: string }>(owner, '/broker/account/project/relation/add', { projectNo, brokerAccountId: other.data.brokerAccountId })).data.reason).toBe('inProject');
    const withLink = (await info(owner, projectNo)).project;
    expect(withLink).toMatchObject({ nav: before.nav, grossAsset: before.grossAsset });
    // Linked, it is a project account: no transfer out, no unbinding.
    expect((await call(owner, '/broker/account/delete', { brokerAccountId: other.data.brokerAccountId })).code).toBe(Code.projectAccountLocked);
    expect((await call(owner, '/broker/account/project/relation/delete', { relationId: linked.data.relationId })).code).toBe(200);
    expect((await call(owner, '/broker/account/project/relation/delete', { relationId: linked.data.relationId })).status).toBe(404);
    // Bad input names the field.
    for (const [path, body, field] of [
      ['/broker/account/project/relation/add', { projectNo, brokerAccountId: '0' }, 'brokerAccountId'],
      ['/broker/account/project/relation/add', { projectNo, brokerAccountId: other.data.brokerAccountId, remark: 'x'.repeat(201) }, 'remark'],
      ['/broker/account/project/relation/update', { relationId: 'x', remark: '' }, 'relationId'],
      ['/broker/account/project/relation/delete', {}, 'relationId'],
      ['/broker/project/queryBrokerProjectInfo', { projectNo: 'P12' }, 'projectNo'],
      ['/broker/project/listProjectByStatus', { status: 'open' }, 'status'],
      ['/broker/project/page', { pageCondition: { pageNum: 1, pageSize: 15 } }, 'pageCondition.pageSize'],
      ['/broker/project/pageDepositWithdrawRecords', { pageCondition: page, queryCondition: { days: 30, startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' } }, 'days'],
      ['/broker/investor/list', { keyword: '' }, 'keyword'],
    ] as Array<[string, unknown, string]>) {
      const reply = await call<{ field: string }>(owner, path, body);
      expect(reply.status, `${path} ${JSON.stringify(reply)}`).toBe(400);
      expect(reply.data.field, path).toBe(field);
    }
    const relations = await call<Array<{ relationId: string; role: string }>>(owner, '/broker/account/project/relation/queryBrokerAccount', { projectNo });
    expect(relations.data.map((r) => r.role)).toEqual(['primary']);
    expect((await call<{ reason: string }>(owner, '/broker/account/project/relation/delete', { relationId: relations.data[0]!.relationId })).data.reason).toBe('primary');
    expect((await call(owner, '/broker/account/project/relation/update', { relationId: relations.data[0]!.relationId, remark: 'main book' })).code).toBe(200);
    const renamed = await call<Array<{ remark: string }>>(owner, '/broker/account/project/relation/queryBrokerAccount', { projectNo });
    expect(renamed.data[0]!.remark).toBe('main book');
  });

  it('a transfer to a sub-account linked to a project after it was applied for cannot be approved, only rejected', async () => {
    const member = await newBroker();
    expect((await call(owner, '/broker/account/submitAccountManager', { email: member.email })).code).toBe(200);
    api.clock.advance(1100);
    const invited = await call<{ uuid: string }>(owner, '/broker/account/invokeAccountManager', { email: member.email });
    const mail = (await api.lastCode(member.email, 'email'))!;
    expect((await call(owner, '/broker/account/confirmAccountManager', { email: member.email, emailUuid: invited.data.uuid, emailCode: mail.code })).code).toBe(200);
    // The member decides as a checker (server/broker/checker.ts).
    await makeChecker(api, member);
    const open = async (name: string) =>
      (await call<{ brokerAccountId: string }>(owner, '/broker/account/insertBrokerAccount', { exchangeCode: 'okx', accountType: 'regular', subAccountName: name, requestId: requestId() })).data.brokerAccountId;
    const source = await open(`okxsrc${requests}`);
    const target = await open(`okxdst${requests}`);
    expect((await api.call('POST', '/_dev/broker/accounts/drain', { body: { brokerAccountId: target } })).code).toBe(200);
    const applied = await call<{ applicationId: string }>(owner, '/broker/fundTransfer/apply', { type: 'transfer', fromAccountId: source, fromWallet: 'spot', toAccountId: target, toWallet: 'futures', asset: 'USDT', amount: '100', requestId: requestId() });
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    const project = await createProject(owner, { name: 'Late Link Fund' });
    expect((await call(owner, '/broker/account/project/relation/add', { projectNo: project.projectNo, brokerAccountId: target })).code).toBe(200);
    const approved = await call(member, '/broker/fundTransfer/approve', { applicationId: applied.data.applicationId, requestId: requestId(), ...(await code(member, 'brokerApprove', { kind: 'approve', applicationId: applied.data.applicationId })), ...(await gaOf(api, member)) });
    expect(approved.code).toBe(Code.projectAccountLocked);
    expect((await call(member, '/broker/fundTransfer/reject', { applicationId: applied.data.applicationId, requestId: requestId(), ...(await gaOf(api, member)) })).code).toBe(200);
    expect((await info(owner, project.projectNo)).project).toMatchObject({ grossAsset: '0', nav: '1' });
  });

  it('a completed project takes no more capital; decreases still pay', async () => {
    const project = await createProject(owner, { name: 'Short Fund', endDay: addDays(today(), 2), minSubscription: '100' });
    const { projectNo } = project;
    const a = await addInvestor(owner, 'Short Client');
    expect((await increase(owner, projectNo, a, '1000')).code).toBe(200);
    await advance(3 * DAY);
    expect((await info(owner, projectNo)).project.status).toBe('completed');
    // Records up to the end day, not after.
    const rows = await records(projectNo);
    expect(rows.at(-1)!.day).toBe(project.recordDay ? project.recordDay : rows.at(-1)!.day);
    expect(rows.every((r) => r.day <= addDays(project.recordDay ?? today(), 3))).toBe(true);
    const reply = await increase(owner, projectNo, a, '1000');
    expect(reply.code).toBe(Code.projectState);
    const counts = await call<{ counts: Record<string, number> }>(owner, '/broker/project/listProjectByStatus', {});
    expect(counts.data.counts.completed).toBeGreaterThanOrEqual(1);
    const out = await decrease(owner, projectNo, a, { units: '100' });
    expect(out.code, JSON.stringify(out)).toBe(200);
  });
});
