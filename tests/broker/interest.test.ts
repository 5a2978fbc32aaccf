import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { hkDay } from '../../contract/broker-projects-rules.ts';
import type { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp } from '../api/step-up-helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { requestIds } from '../api/suite.ts';
import { BROKER_PASSWORD, brokerCalls, brokerCast, enlist, page, signInAgain, startBrokerApi, type Broker, type Page } from './brokers.ts';

/**
 * Interest settlement and settle bills (issue 15; contract/broker-interest.ts): a project's holdings accrue interest
 * every day on the sandbox clock (the daily zero-hour job); a settlement previews and applies the unsettled interest
 * up to a day into a bill; the bill is reviewed by another member than the applicant, re-reviewed by another member
 * than the initial reviewer and paid with the second factor: one balanced ledger entry from the primary
 * sub-account to the investors, the interest payable down by the same amount, the NAV per unit unchanged. A
 * rejection returns the accruals to pending. PGlite, and PostgreSQL where its binaries are installed (parallel
 * requests really race there). The ledger's invariants are checked after every test.
 */
interface Bill {
  billNo: string;
  projectNo: string;
  status: string;
  interestState: string;
  total: string;
  fromDay: string;
  untilDay: string;
  investorCount: number;
  actions: string[];
  myActions: string[];
  refusal: string | null;
  applicant: string;
  initialReviewer: string | null;
  reReviewer: string | null;
  payer: string | null;
}
interface Preview {
  fromDay: string;
  untilDay: string;
  total: string;
  lines: Array<{ investorId: string; amount: string; days: number; principal: string }>;
  account: { brokerAccountId: string; free: string };
  covered: boolean;
}
interface ProjectInterest {
  interestPayable: string;
  accrued: string;
  pending: string;
  inApplication: string;
  paid: string;
  lastAccrualDay: string | null;
}

const d = (v: string) => new Decimal(v);
const DAY_MS = 86_400_000;

describe.each(securityBackends())('broker interest settlement and settle bills ($name)', (backend) => {
  let api: TestApi;
  const cast = brokerCast();
  const { owner, member, stranger, plainUser } = cast;
  let projectNo = '';
  let strangerProject = '';
  let primary = '';
  const investors: string[] = [];
  const requestId = requestIds('interest');
  const { call, get } = brokerCalls(() => api);

  /** A code of business type brokerInterest, sent to the caller's own e-mail (past the 1 s guard). */
  const code = async (who: Broker) => {
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(who, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerInterest' });
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    const mail = await api.lastCode(who.email, 'email');
    expect(mail?.businessType).toBe('brokerInterest');
    return { emailUuid: sent.data.uuid, emailCode: mail!.code };
  };
  /** Moves the sandbox clock (the daily job runs after it, ctx.timed). */
  const advanceDays = async (days: number) => {
    const moved = await api.call('POST', '/_dev/clock/advance', { body: { ms: days * DAY_MS } });
    expect(moved.code, JSON.stringify(moved)).toBe(200);
    // The sessions have expired meanwhile: everybody signs in again.
    await signInAgain(api, cast);
  };
  const newProject = async (who: Broker, name: string) => {
    const today = hkDay(api.clock.now());
    const made = await call<{ projectNo: string | null }>(who, '/broker/applyRecord/add', {
      type: 'project',
      name,
      exchangeCode: 'okx',
      startDay: today,
      endDay: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      interestRate: '0.1',
      performanceFeeRate: '0.2',
      minSubscription: '100',
      requestId: requestId(),
    });
    expect(made.code, JSON.stringify(made)).toBe(200);
    return made.data.projectNo!;
  };
  const increase = async (who: Broker, project: string, name: string, amount: string) => {
    const reply = await call<{ investorId: string }>(who, '/broker/financing/increaseCapital', {
      projectNo: project,
      investor: { name, email: `${name.toLowerCase().replace(/\s/g, '')}-${Math.random().toString(36).slice(2, 6)}@investor.test` },
      amount,
      requestId: requestId(),
    });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data.investorId;
  };
  const interestOf = async (who: Broker = owner, project = projectNo) => {
    const reply = await get<ProjectInterest>(who, '/broker/interestSettle/projectInterest', { projectNo: project });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data;
  };
  const projectInfo = async () =>
    (await call<{ project: { nav: string; netAsset: string; grossAsset: string; interestPayable: string }; available: string }>(owner, '/broker/project/queryBrokerProjectInfo', { projectNo })).data;
  const preview = (who: Broker, untilDay: string, project = projectNo) => call<Preview>(who, '/broker/interestSettle/previewSettleData', { projectNo: project, untilDay });
  const apply = (who: Broker, untilDay: string, total: string, extra: Record<string, unknown> = {}) =>
    call<Bill>(who, '/broker/interestSettle/applySettle', { projectNo, untilDay, total, requestId: requestId(), ...extra });
  const decide = (who: Broker, billNo: string, action: string, extra: Record<string, unknown> = {}) => call<Bill>(who, '/broker/interestApply', { billNo, action, requestId: requestId(), ...extra });
  /** A fresh settlement of everything accrued so far, applied by the owner. */
  const settle = async () => {
    await advanceDays(2);
    const last = (await interestOf()).lastAccrualDay!;
    const p = await preview(owner, last);
    expect(p.code, JSON.stringify(p)).toBe(200);
    const bill = await apply(owner, last, p.data.total);
    expect(bill.code, JSON.stringify(bill)).toBe(200);
    return { bill: bill.data, preview: p.data };
  };
  /** Through both reviews: pending payment. */
  const reviewed = async (billNo: string) => {
    expect((await decide(member, billNo, 'initial_review')).data.status).toBe('pending_re_review');
    expect((await decide(owner, billNo, 're_review')).data.status).toBe('pending_payment');
  };

  beforeAll(async () => {
    api = await startBrokerApi(backend);
    await enlist(api, cast);

    projectNo = await newProject(owner, 'Interest Fund');
    strangerProject = await newProject(stranger, 'Other Fund');
    investors.push(await increase(owner, projectNo, 'Alice Chan', '10000'), await increase(owner, projectNo, 'Bob Wong', '5000'));
    await increase(stranger, strangerProject, 'Carol Lee', '1000');
    primary = (await call<{ brokerAccountId: string }>(owner, '/broker/queryBrokerAccount', { projectNo })).data.brokerAccountId;
    await advanceDays(10);
  }, 180_000);
  afterAll(async () => api?.close());

  afterEach(async () => {
    const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });

  it('accrues interest daily per holding: principal × rate / 365, all pending payment, equal to the interest payable', async () => {
    const interest = await interestOf();
    const listed = await get<Array<{ projectNo: string }>>(owner, '/broker/project', {});
    expect(listed.data.map((p) => p.projectNo), JSON.stringify(listed)).toEqual([projectNo]);
    expect(interest.lastAccrualDay).not.toBeNull();
    expect(d(interest.accrued).gt(0)).toBe(true);
    expect(d(interest.pending).eq(interest.accrued)).toBe(true);
    expect(d(interest.interestPayable).eq(interest.accrued)).toBe(true);
    const byInvestor = (await call<Array<{ investorId: string; principal: string; accrued: string; pending: string }>>(owner, '/broker/interestSettle/account', { projectNo })).data;
    expect(byInvestor.map((i) => i.investorId).sort()).toEqual([...investors].sort());
    const alice = byInvestor.find((i) => i.investorId === investors[0])!;
    const daily = d(alice.principal).mul('0.1').div(365).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    // Ten days (or nine, by where the clock stood in the UTC+8 day): a whole number of the daily amount.
    const days = d(alice.accrued).div(daily);
    expect(days.isInteger()).toBe(true);
    expect(days.gte(9) && days.lte(10)).toBe(true);
    const records = (await call<Page<{ state: string; amount: string }>>(owner, '/broker/interestSettle/page', { pageCondition: page, queryCondition: { projectNo } })).data;
    expect(records.list.every((r) => r.state === 'pending_payment')).toBe(true);
    expect(records.list.reduce((s, r) => s.add(r.amount), new Decimal(0)).eq(interest.pending)).toBe(true);
  });

  it('refuses bad input with a 400 naming the field, and nothing pending with 10470', async () => {
    const last = (await interestOf()).lastAccrualDay!;
    for (const [body, field] of [
      [{ projectNo, untilDay: '2026-02-30' }, 'untilDay'],
      [{ projectNo, untilDay: '2999-01-01' }, 'untilDay'],
      [{ projectNo, untilDay: 'yesterday' }, 'untilDay'],
      [{ projectNo: 'X1', untilDay: last }, 'projectNo'],
    ] as const) {
      const reply = await call(owner, '/broker/interestSettle/previewSettleData', body);
      expect(reply.status, JSON.stringify(reply)).toBe(400);
      expect(JSON.stringify(reply.data)).toContain(field);
    }
    expect((await apply(owner, last, '-1')).status).toBe(400);
    expect((await apply(owner, last, '1', { remark: 'x'.repeat(201) })).status).toBe(400);
    expect((await decide(owner, 'S20260101000001', 'approve')).status).toBe(400);
    // Before the first accrual day nothing is pending.
    const early = await preview(owner, '2020-01-01');
    expect(early.code).toBe(Code.brokerInterestNothingPending);
  });

  it('answers 403 without broker rights and 404 for another organisation\'s project and bill', async () => {
    const { bill } = await settle();
    expect((await get(plainUser, '/broker/interestSettle/projectInterest', { projectNo })).status).toBe(403);
    expect((await call(plainUser, '/broker/pageSettleBill', { pageCondition: page })).status).toBe(403);
    expect((await get(stranger, '/broker/interestSettle/projectInterest', { projectNo })).status).toBe(404);
    expect((await preview(stranger, bill.untilDay)).status).toBe(404);
    expect((await call(stranger, '/broker/interestSettle/account', { projectNo })).status).toBe(404);
    expect((await call(stranger, '/broker/interestSettle/querySettleBill', { projectNo })).status).toBe(404);
    expect((await call(stranger, '/broker/settleBillDetailQuery', { billNo: bill.billNo })).status).toBe(404);
    expect((await call(stranger, '/broker/findInterestApply', { billNo: bill.billNo })).status).toBe(404);
    expect((await call(stranger, '/broker/queryBrokerAccount', { projectNo })).status).toBe(404);
    expect((await decide(stranger, bill.billNo, 'initial_review')).status).toBe(404);
    expect((await call(stranger, '/broker/pageSettleBill', { pageCondition: page, queryCondition: { projectNo } })).status).toBe(404);
    const theirs = (await call<Page<Bill>>(stranger, '/broker/pageSettleBill', { pageCondition: page })).data;
    expect(theirs.list.some((b) => b.billNo === bill.billNo)).toBe(false);
    // Tidy: the bill goes back to pending.
    expect((await decide(member, bill.billNo, 'reject', { remark: 'tidy' })).data.status).toBe('rejected');
  });

  it('maker-checker: the applicant cannot review, the initial reviewer cannot re-review, pay needs its second factor; paid moves the money and not the NAV', async () => {
    const { bill, preview: p } = await settle();
    expect(bill).toMatchObject({ status: 'pending_initial_review', interestState: 'in_application', applicant: owner.email, myActions: [], refusal: 'applicant' });
    expect(d(bill.total).eq(p.total)).toBe(true);
    expect(p.lines.reduce((s, l) => s.add(l.amount), new Decimal(0)).eq(p.total)).toBe(true);
    // The accruals are in application now: nothing pending up to that day.
    expect((await preview(owner, bill.untilDay)).code).toBe(Code.brokerInterestNothingPending);
    expect(d((await interestOf()).inApplication).eq(bill.total)).toBe(true);

    const self = await decide(owner, bill.billNo, 'initial_review');
    expect(self.code).toBe(Code.brokerBillSelfReview);
    expect(self.data).toMatchObject({ reason: 'applicant' });
    expect((await decide(owner, bill.billNo, 'reject')).code).toBe(Code.brokerBillSelfReview);
    expect((await decide(member, bill.billNo, 'pay', await code(member))).code).toBe(Code.brokerBillState);
    const first = await decide(member, bill.billNo, 'initial_review', { remark: 'checked' });
    expect(first.data).toMatchObject({ status: 'pending_re_review', initialReviewer: member.email });
    const again = await decide(member, bill.billNo, 're_review');
    expect(again.code).toBe(Code.brokerBillSelfReview);
    expect(again.data).toMatchObject({ reason: 'initialReviewer' });
    const second = await decide(owner, bill.billNo, 're_review');
    expect(second.data).toMatchObject({ status: 'pending_payment', reReviewer: owner.email, myActions: ['pay'] });
    expect((await decide(owner, bill.billNo, 'reject')).code).toBe(Code.brokerBillState);

    // The payment needs the e-mail code of its own type.
    expect((await decide(owner, bill.billNo, 'pay')).status).toBe(400);
    api.clock.advance(1100);
    const wrongType = await call<{ uuid: string }>(owner, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerApprove' });
    const wrongMail = (await api.lastCode(owner.email, 'email'))!;
    expect([Code.codeWrong, Code.codeExpired]).toContain((await decide(owner, bill.billNo, 'pay', { emailUuid: wrongType.data.uuid, emailCode: wrongMail.code })).code);

    const payable = d((await interestOf()).interestPayable);
    const factor = await code(owner);
    const before = await projectInfo();
    const paid = await decide(owner, bill.billNo, 'pay', factor);
    expect(paid.code, JSON.stringify(paid)).toBe(200);
    expect(paid.data).toMatchObject({ status: 'paid', interestState: 'paid', payer: owner.email, actions: [] });
    const after = await projectInfo();
    // The primary account paid the total; the interest payable fell by it; the NAV per unit did not move.
    expect(d(before.available).sub(after.available).eq(bill.total)).toBe(true);
    expect(payable.sub((await interestOf()).interestPayable).eq(bill.total)).toBe(true);
    expect(after.project.nav).toBe(before.project.nav);
    expect(d(after.project.netAsset).eq(before.project.netAsset)).toBe(true);
    expect(d((await interestOf()).paid).gte(bill.total)).toBe(true);

    // The history: apply, initial review, re-review, pay — by whom.
    const steps = (await call<Array<{ step: string; member: string; status: string }>>(member, '/broker/findInterestApply', { billNo: bill.billNo })).data;
    expect(steps.map((s) => [s.step, s.member, s.status])).toEqual([
      ['apply', owner.email, 'pending_initial_review'],
      ['initial_review', member.email, 'pending_re_review'],
      ['re_review', owner.email, 'pending_payment'],
      ['pay', owner.email, 'paid'],
    ]);
    // The ledger: one balanced entry, primary futures −total, each investor +share.
    const flow = (await call<Page<{ kind: string; amount: string; brokerAccountId: string }>>(owner, '/broker/pageBrokerCapitalRecord', { pageCondition: page, queryCondition: { brokerAccountId: primary, kind: 'broker_interest_payment' } })).data;
    expect(flow.list).toHaveLength(1);
    expect(d(flow.list[0]!.amount).eq(d(bill.total).neg())).toBe(true);
    // The operation log: applied and paid.
    const ops = (await call<Page<{ operationType: string; counterparty: string; amount: string }>>(owner, '/broker/pageBrokerFinancingAction', { pageCondition: page })).data.list.filter((o) => o.counterparty === bill.billNo);
    expect(ops.map((o) => o.operationType).sort()).toEqual(['repayment_apply', 'repayment_approved']);
    // A retried step (same requestId) answers the bill; the paid bill's interest records say paid.
    const records = (await call<Page<{ state: string; billNo: string | null }>>(owner, '/broker/interestSettle/page', { pageCondition: page, queryCondition: { projectNo, state: 'paid' } })).data;
    expect(records.list.filter((r) => r.billNo === bill.billNo)).toHaveLength(bill.investorCount);
  });

  it('a rejection at either review returns the accruals to pending payment; the bill is rejected', async () => {
    const { bill } = await settle();
    const pendingBefore = d((await interestOf()).pending);
    const rejected = await decide(member, bill.billNo, 'reject', { remark: 'wrong period' });
    expect(rejected.data).toMatchObject({ status: 'rejected', interestState: 'pending_payment', rejecter: member.email });
    const after = await interestOf();
    expect(d(after.pending).sub(pendingBefore).eq(bill.total)).toBe(true);
    expect(d(after.inApplication).isZero()).toBe(true);
    // Settled again, then rejected at the re-review.
    const { bill: again } = await settle();
    expect(d(again.total).gte(bill.total)).toBe(true);
    expect((await decide(member, again.billNo, 'initial_review')).data.status).toBe('pending_re_review');
    expect((await decide(member, again.billNo, 'reject')).code).toBe(Code.brokerBillSelfReview);
    expect((await decide(owner, again.billNo, 'reject')).data.status).toBe('rejected');
    expect(d((await interestOf()).inApplication).isZero()).toBe(true);
    const counts = (await call<{ counts: Record<string, number> }>(owner, '/broker/queryFinancingInterestCount', { projectNo })).data;
    expect(counts.counts.rejected).toBeGreaterThanOrEqual(2);
  });

  it('applySettle: idempotent on requestId; a stale previewed total is 10472', async () => {
    await advanceDays(2);
    const last = (await interestOf()).lastAccrualDay!;
    const p = (await preview(owner, last)).data;
    expect((await apply(owner, last, d(p.total).add('0.00000001').toFixed())).code).toBe(Code.brokerSettleChanged);
    const id = requestId();
    const replies = await Promise.all(Array.from({ length: 20 }, () => call<Bill>(owner, '/broker/interestSettle/applySettle', { projectNo, untilDay: last, total: p.total, requestId: id })));
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.data.billNo)).size).toBe(1);
    expect((await apply(owner, last, p.total, { requestId: id, remark: 'other' })).code).toBe(200);
    expect((await call(owner, '/broker/interestSettle/applySettle', { projectNo, untilDay: p.fromDay, total: p.total, requestId: id })).code).toBe(Code.requestIdReused);
    expect((await decide(member, replies[0]!.data.billNo, 'reject')).data.status).toBe('rejected');
  });

  it('20 parallel payments of one bill pay it once; 20 parallel initial reviews move it once', async () => {
    const { bill } = await settle();
    const reviews = await burst(20, () => decide(member, bill.billNo, 'initial_review'));
    expect([...reviews.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [200, 1],
      [Code.brokerBillState, 19],
    ]);
    expect((await decide(owner, bill.billNo, 're_review')).data.status).toBe('pending_payment');
    const before = d((await projectInfo()).available);
    const factor = await code(owner);
    // One code for all 20: the first payment uses it up; the others find the bill paid (or, checked after, the code used).
    const pays = await burst(20, () => decide(owner, bill.billNo, 'pay', factor));
    expect(pays.get(200), JSON.stringify([...pays])).toBe(1);
    expect([...pays.keys()].every((c) => c === 200 || c === Code.brokerBillState || c === Code.codeWrong || c === Code.codeExpired || c === Code.repeatRequest), JSON.stringify([...pays])).toBe(true);
    expect(before.sub((await projectInfo()).available).eq(bill.total)).toBe(true);
    const flow = (await call<Page<{ recordId: string }>>(owner, '/broker/pageBrokerCapitalRecord', { pageCondition: page, queryCondition: { brokerAccountId: primary, kind: 'broker_interest_payment' } })).data;
    expect(flow.total).toBe(2);
  });

  it('the payment asks for the Google code when one is bound', async () => {
    const { bill } = await settle();
    await reviewed(bill.billNo);
    await bindGaWithStepUp(api, member.token, BROKER_PASSWORD);
    const noGa = await decide(member, bill.billNo, 'pay', await code(member));
    expect(noGa.status).toBe(400);
    expect(JSON.stringify(noGa.data)).toContain('gaCode');
  });

  it('lists and exports the bills: the file is the page with a cover block, numbers as numbers', async () => {
    const listed = (await call<Page<Bill>>(owner, '/broker/pageSettleBill', { pageCondition: page, queryCondition: { projectNo, days: 30 } })).data;
    expect(listed.total).toBeGreaterThan(0);
    const response = await fetch(`${api.base}/broker/exportSettleBill?${new URLSearchParams({ projectNo, days: '30' })}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, source: 'web' } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(decodeURIComponent(response.headers.get('content-disposition') ?? '')).toContain('結算帳單-');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect(String(sheet.getRow(1).getCell(1).value)).toBe('利息結算帳單');
    expect(String(sheet.getRow(2).getCell(1).value)).toContain(projectNo);
    expect(String(sheet.getRow(3).getCell(1).value)).toContain('Asia/Hong_Kong');
    const rows = [];
    for (let r = 7; r <= sheet.rowCount; r++) rows.push(sheet.getRow(r));
    expect(rows.map((r) => r.getCell(1).value)).toEqual(listed.list.map((b) => b.billNo));
    expect(typeof rows[0]!.getCell(7).value).toBe('number');
    const one = await fetch(`${api.base}/broker/exportSettleBillDetail?billNo=${listed.list[0]!.billNo}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, source: 'web' } });
    expect(one.status).toBe(200);
    const strangers = await fetch(`${api.base}/broker/exportSettleBillDetail?billNo=${listed.list[0]!.billNo}`, { method: 'POST', headers: { authorization: `Bearer ${stranger.token}`, source: 'web' } });
    expect(strangers.status).toBe(404);
  });
});
