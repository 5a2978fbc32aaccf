import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { moneySuite, requestIds } from '../api/suite.ts';

/**
 * Crypto-backed loans against the sandbox (issue 13): collateral valued at the simulator's live BTCUSDT book,
 * every action one ledger entry, idempotent on its requestId; the sweep moves loans through the states of
 * spec §4 on the sandbox clock and on price moves (the dev control jumps the simulator's price). PGlite, and
 * PostgreSQL where its binaries are installed (parallel requests really race there). The ledger's invariants
 * are checked after every test.
 */
interface Loan {
  orderId: string;
  status: number;
  statusName: string;
  principal: string;
  principalOutstanding: string;
  interestOutstanding: string;
  interestTotal: string;
  debt: string;
  collateralAmount: string;
  price: string;
  ltv: string;
  liquidationPrice: string;
  marginCall: boolean;
  marginCallAt: string | null;
  dailyInterest: string;
  stress: Array<{ drop: string; price: string; ltv: string }>;
  dueAt: string;
}
interface Action {
  actionId: string;
  interestPaid: string;
  principalPaid: string;
  refund: string;
  proceeds: string | null;
  loan: Loan;
}
interface Liquidation {
  orderId: string;
  reason: string;
  collateralSold: string;
  proceeds: string;
  principalRepaid: string;
  interestRepaid: string;
  fee: string;
  collateralReturned: string;
  refund: string;
  shortfall: string;
}

const d = (v: string | number) => new Decimal(v);

describe.each(securityBackends())('loans ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  const requestId = requestIds('loan-test');
  const call = <T>(path: string, body?: unknown) => api.call<T>('POST', path, { token, ...(body === undefined ? {} : { body }) });
  const capital = async () => {
    const reply = await api.call<{ accounts: Array<{ accountType: number; balances: Array<{ asset: string; free: string }> }> }>('GET', '/user/assets', { token });
    const rows = reply.data.accounts.find((a) => a.accountType === 1)?.balances ?? [];
    return Object.fromEntries(rows.map((b) => [b.asset, d(b.free)])) as Record<string, Decimal>;
  };
  const borrow = (loanAmount: string, collateralAmount: string, extra: Record<string, unknown> = {}) =>
    call<Loan>('/loan/borrow', { loanAsset: 'USDT', loanAmount, collateralAsset: 'BTC', collateralAmount, termDays: 30, requestId: requestId(), ...extra });
  const detail = async (orderId: string) => (await call<Loan>('/loan/detail', { orderId })).data;
  const move = (changePercent: number) => api.call<{ price: string }>('POST', '/_dev/market/move', { body: { symbol: 'BTCUSDT', changePercent } });
  /** Moves the sandbox clock (its sweep runs at once) and signs in again: the session's idle time has passed. */
  const advance = async (ms: number) => {
    expect((await api.call('POST', '/_dev/clock/advance', { body: { ms } })).code).toBe(200);
    token = await api.token();
  };
  const repayAll = async (orderId: string) => {
    const loan = await detail(orderId);
    if (loan.status !== 1 && loan.status !== 3) return;
    const reply = await call<Action>('/loan/repay', { orderId, amount: loan.debt, requestId: requestId() });
    expect(reply.data.loan.status).toBe(2);
  };
  /** Brings BTCUSDT back to about `target` (the tests' arithmetic assumes the simulator's 65,000). */
  const priceTo = async (target: number) => {
    const now = d((await call<{ collaterals: Array<{ asset: string; price: string }> }>('/loan/config')).data.collaterals.find((c) => c.asset === 'BTC')!.price);
    await move(d(target).div(now).sub(1).mul(100).toDecimalPlaces(4).toNumber());
  };

  moneySuite(backend, (started) => {
    ({ api, token } = started);
  });

  it('previews a borrow at the live price: LTV, liquidation price, daily interest and the most it allows', async () => {
    const config = await call<{ collaterals: Array<{ asset: string; price: string; initialLtv: string; marginCallLtv: string; liquidationLtv: string }>; terms: number[] }>('/loan/config');
    const btc = config.data.collaterals.find((c) => c.asset === 'BTC')!;
    expect([btc.initialLtv, btc.marginCallLtv, btc.liquidationLtv]).toEqual(['0.65', '0.75', '0.83']);
    expect(config.data.terms).toEqual([7, 30, 90, 180]);
    const preview = await call<{ ltv: string; price: string; collateralValue: string; liquidationPrice: string; dailyInterest: string; maxLoanAmount: string; allowed: boolean }>(
      '/loan/preview',
      { loanAsset: 'USDT', loanAmount: '10000', collateralAsset: 'BTC', collateralAmount: '0.25', termDays: 30 },
    );
    expect(preview.code).toBe(200);
    const price = d(preview.data.price);
    expect(price.gt(55_000) && price.lt(75_000)).toBe(true);
    const value = price.mul('0.25').toDecimalPlaces(6, Decimal.ROUND_DOWN);
    expect(preview.data.collateralValue).toBe(value.toFixed());
    expect(preview.data.ltv).toBe(d(10000).div(value).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed());
    expect(preview.data.liquidationPrice).toBe('48192.77');
    // 10,000 × 0.0008 % = 0.08 an hour, 1.92 a day.
    expect(preview.data.dailyInterest).toBe('1.92');
    expect(preview.data.maxLoanAmount).toBe(value.mul('0.65').toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed());
    expect(preview.data.allowed).toBe(true);
  });

  it('refuses bad input with a 400 naming the field, and business refusals that move nothing', async () => {
    const before = await capital();
    const bad = async (extra: Record<string, unknown>, field: string) => {
      const reply = await call<{ field: string }>('/loan/borrow', { loanAsset: 'USDT', loanAmount: '10000', collateralAsset: 'BTC', collateralAmount: '0.25', termDays: 30, requestId: requestId(), ...extra });
      expect(reply.status, JSON.stringify(extra)).toBe(400);
      expect(reply.data.field).toBe(field);
    };
    await bad({ loanAsset: 'DOGE' }, 'loanAsset');
    await bad({ collateralAsset: 'SOL' }, 'collateralAsset');
    await bad({ termDays: 14 }, 'termDays');
    await bad({ loanAmount: '10000.1234567' }, 'loanAmount');
    await bad({ collateralAmount: '0.123456789' }, 'collateralAmount');
    await bad({ collateralAmount: '0' }, 'collateralAmount');
    await bad({ loanAmount: '-5' }, 'loanAmount');
    // Above the initial LTV of 65 %: 10,000 against 0.2 BTC is about 77 %.
    const tooHigh = await borrow('10000', '0.2');
    expect(tooHigh.code).toBe(Code.loanLtvTooHigh);
    expect(d((tooHigh.data as unknown as { ltv: string }).ltv).gt('0.65')).toBe(true);
    expect((await borrow('99', '1')).code).toBe(Code.amountOutOfRange);
    // More collateral than the capital account holds (5.25 BTC).
    expect((await borrow('100000', '6')).code).toBe(Code.insufficientBalance);
    // spec §6: operations switched loans off → contact the provider.
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: ['loan'] } });
    const off = await borrow('10000', '0.25');
    expect(off.code).toBe(Code.serviceSuspended);
    expect(off.data).toEqual({ feature: 'loan' });
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: [] } });
    expect(await capital()).toEqual(before);
  });

  it('borrows on the ledger once per requestId, charges interest hour by hour and repays early in part and in full', async () => {
    const before = await capital();
    const id = requestId();
    const body = { loanAsset: 'USDT', loanAmount: '10000', collateralAsset: 'BTC', collateralAmount: '0.25', termDays: 30, requestId: id };
    const first = await call<Loan>('/loan/borrow', body);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ status: 1, statusName: 'interest_accruing', principal: '10000', debt: '10000', collateralAmount: '0.25', marginCall: false });
    const again = await call<Loan>('/loan/borrow', body);
    expect(again.data.orderId).toBe(first.data.orderId);
    expect((await call('/loan/borrow', { ...body, loanAmount: '9000' })).code).toBe(Code.requestIdReused);
    let after = await capital();
    expect(after['BTC']!.toFixed()).toBe(before['BTC']!.sub('0.25').toFixed());
    expect(after['USDT']!.toFixed()).toBe(before['USDT']!.add(10000).toFixed());
    // The stress table: the LTV after 10, 20 and 30 % drops, each above the last.
    expect(first.data.stress.map((s) => s.drop)).toEqual(['0.1', '0.2', '0.3']);
    expect(d(first.data.stress[2]!.ltv).gt(d(first.data.stress[0]!.ltv))).toBe(true);

    // 5 h 30 min later: five hours of 0.08 each.
    await advance(5.5 * 3_600_000);
    const accrued = await detail(first.data.orderId);
    expect(accrued.interestOutstanding).toBe('0.4');
    expect(accrued.debt).toBe('10000.4');

    // A partial repayment pays the interest first, then principal; the preview says what it will leave.
    const preview = await call<{ debtAfter: string; ltvAfter: string; allowed: boolean }>('/loan/previewAction', { orderId: first.data.orderId, action: 'repay', amount: '4000.4' });
    expect(preview.data).toMatchObject({ debtAfter: '6000', allowed: true });
    const part = await call<Action>('/loan/repay', { orderId: first.data.orderId, amount: '4000.4', requestId: requestId() });
    expect(part.data).toMatchObject({ interestPaid: '0.4', principalPaid: '4000' });
    expect(part.data.loan).toMatchObject({ status: 1, principalOutstanding: '6000', interestOutstanding: '0', debt: '6000' });
    expect(d(part.data.loan.ltv).lt(d(accrued.ltv))).toBe(true);
    // More than the debt is refused with the most that may be repaid.
    const over = await call<{ max: string }>('/loan/repay', { orderId: first.data.orderId, amount: '6000.01', requestId: requestId() });
    expect(over.code).toBe(Code.amountOutOfRange);
    expect(over.data.max).toBe('6000');

    // The rest ends the loan (spec §4 2) and the collateral comes back.
    const full = await call<Action>('/loan/repay', { orderId: first.data.orderId, amount: '6000', requestId: requestId() });
    expect(full.data.loan).toMatchObject({ status: 2, statusName: 'Ended', debt: '0', collateralAmount: '0' });
    after = await capital();
    expect(after['BTC']!.toFixed()).toBe(before['BTC']!.toFixed());
    expect(after['USDT']!.toFixed()).toBe(before['USDT']!.sub('0.4').toFixed());
    // An ended loan takes no more actions.
    expect((await call('/loan/addCollateral', { orderId: first.data.orderId, amount: '0.1', requestId: requestId() })).code).toBe(Code.loanState);
  });

  it('parallel bursts: one repayment per requestId, and collateral removals stop exactly at the initial LTV', async () => {
    const loan = (await borrow('10000', '1')).data;
    const before = await capital();
    const id = requestId();
    const repeats = await burst(20, () => call<Action>('/loan/repay', { orderId: loan.orderId, amount: '100', requestId: id }));
    expect(repeats.get(200)).toBe(20);
    expect((await capital())['USDT']!.toFixed()).toBe(before['USDT']!.sub(100).toFixed());
    expect((await detail(loan.orderId)).principalOutstanding).toBe('9900');

    // 9,900 against 1 BTC at about 65,000: each removal of 0.05 BTC raises the LTV; 15 leave 0.25 BTC (about 61 %),
    // a 16th would leave 0.2 (about 76 %), above the initial 65 %.
    const removals = await burst(20, () => call<Action>('/loan/removeCollateral', { orderId: loan.orderId, amount: '0.05', requestId: requestId() }));
    expect(removals.get(200)).toBe(15);
    expect(removals.get(Code.loanLtvTooHigh)).toBe(5);
    expect((await detail(loan.orderId)).collateralAmount).toBe('0.25');
    expect((await capital())['BTC']!.toFixed()).toBe(before['BTC']!.add('0.75').toFixed());
    await repayAll(loan.orderId);
  });

  it('repays with collateral sold through the book and adds collateral back', async () => {
    const loan = (await borrow('5000', '0.2')).data;
    const added = await call<Action>('/loan/addCollateral', { orderId: loan.orderId, amount: '0.05', requestId: requestId() });
    expect(added.data.loan.collateralAmount).toBe('0.25');
    const preview = await call<{ proceeds: string; ltvAfter: string }>('/loan/previewAction', { orderId: loan.orderId, action: 'repayWithCollateral', amount: '0.01' });
    const sold = await call<Action>('/loan/repayWithCollateral', { orderId: loan.orderId, amount: '0.01', requestId: requestId() });
    expect(sold.code).toBe(200);
    const proceeds = d(sold.data.proceeds!);
    // About 0.01 × 65,000 less the desk's 0.1 % spread.
    expect(proceeds.gt(500) && proceeds.lt(800)).toBe(true);
    expect(d(preview.data.proceeds).sub(proceeds).abs().lt(5)).toBe(true);
    expect(sold.data.loan.collateralAmount).toBe('0.24');
    expect(sold.data.loan.debt).toBe(d(5000).sub(proceeds).toFixed());
    await repayAll(loan.orderId);
  });

  it('a price drop brings the margin call, a further drop the forced liquidation, with the remainder returned', async () => {
    await priceTo(65_000);
    const before = await capital();
    const loan = (await borrow('10000', '0.25')).data;
    expect(loan.marginCall).toBe(false);
    // −25 %: about 82 %, between the margin call (75 %) and the liquidation (83 %) levels.
    await move(-25);
    const called = await detail(loan.orderId);
    expect(called.status).toBe(1);
    expect(called.marginCall).toBe(true);
    expect(called.marginCallAt).not.toBeNull();
    expect(d(called.ltv).gte('0.75') && d(called.ltv).lt('0.83')).toBe(true);
    // The message centre is told once, with the LTV and the price at which the collateral would be sold.
    const messagesOf = async (kind: string) =>
      (await call<{ list: Array<{ kind: string; params: Record<string, string> }> }>('/message/page', { pageNum: 1, pageSize: 50 })).data.list.filter(
        (m) => m.kind === kind && m.params['orderId'] === loan.orderId,
      );
    await advance(60_000);
    const marginCalls = await messagesOf('loanMarginCall');
    expect(marginCalls).toHaveLength(1);
    expect(marginCalls[0]!.params).toMatchObject({ collateralAsset: 'BTC', marginCallLtv: '75.00', liquidationLtv: '83.00', liquidationPrice: called.liquidationPrice });
    expect(marginCalls[0]!.params['ltv']).toBe(d(called.ltv).mul(100).toDecimalPlaces(2, 1).toFixed(2));
    // Taking collateral back is refused now; adding is what the notice asks for.
    expect((await call('/loan/removeCollateral', { orderId: loan.orderId, amount: '0.001', requestId: requestId() })).code).toBe(Code.loanLtvTooHigh);

    // −10 % more: about 91 %, past the liquidation level. The sweep sells enough to raise debt + 2 % fee.
    await move(-10);
    const ended = await detail(loan.orderId);
    expect(ended).toMatchObject({ status: 5, statusName: 'forcefully_liquidated', debt: '0', collateralAmount: '0' });
    const history = await call<{ list: Liquidation[]; total: number }>('/loan/pageLiquidationRecord', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { orderId: loan.orderId } });
    expect(history.data.total).toBe(1);
    const l = history.data.list[0]!;
    expect(l).toMatchObject({ reason: 'ltv', principalRepaid: '10000', interestRepaid: '0', fee: '200', shortfall: '0' });
    expect(d(l.collateralSold).add(l.collateralReturned).toFixed()).toBe('0.25');
    expect(d(l.collateralReturned).gt(0)).toBe(true);
    expect(d(l.proceeds).toFixed()).toBe(d(l.principalRepaid).add(l.interestRepaid).add(l.fee).add(l.refund).toFixed());
    // The borrower keeps the 10,000 and gets back the unsold collateral and any proceeds beyond the debt and fee.
    const after = await capital();
    expect(after['BTC']!.toFixed()).toBe(before['BTC']!.sub('0.25').add(l.collateralReturned).toFixed());
    expect(after['USDT']!.toFixed()).toBe(before['USDT']!.add(10000).add(l.refund).toFixed());
    const liquidated = await messagesOf('loanLiquidated');
    expect(liquidated).toHaveLength(1);
    expect(liquidated[0]!.params).toEqual({
      orderId: loan.orderId,
      collateralAsset: 'BTC',
      collateralSold: d(l.collateralSold).toFixed(),
      collateralReturned: d(l.collateralReturned).toFixed(),
      loanAsset: 'USDT',
      refund: d(l.refund).toFixed(),
    });
    // The list shows it with its state, filtered by state.
    const listed = await call<{ list: Loan[] }>('/loan/pageLoanOrder', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { status: 5 } });
    expect(listed.data.list.map((x) => x.orderId)).toContain(loan.orderId);
    expect(listed.data.list.every((x) => x.status === 5)).toBe(true);
    await priceTo(65_000);
  });

  it('an unpaid loan becomes overdue after its term, at the late rate, and is liquidated after the grace hours', async () => {
    await priceTo(65_000);
    const loan = (await call<Loan>('/loan/borrow', { loanAsset: 'USDC', loanAmount: '1000', collateralAsset: 'BTC', collateralAmount: '0.05', termDays: 7, requestId: requestId() })).data;
    expect(loan.status).toBe(1);
    await advance(7 * 24 * 3_600_000 + 1000);
    const overdue = await detail(loan.orderId);
    expect(overdue).toMatchObject({ status: 3, statusName: 'Overdue', hourlyRate: '0.00003' });
    // 168 hours of 1,000 × 0.00085 % = 0.0085 each.
    expect(overdue.interestOutstanding).toBe('1.428');
    await advance(72 * 3_600_000);
    const closed = await detail(loan.orderId);
    expect(closed.status).toBe(5);
    const history = await call<{ list: Liquidation[] }>('/loan/pageLiquidationRecord', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { orderId: loan.orderId } });
    expect(history.data.list[0]).toMatchObject({ reason: 'overdue', principalRepaid: '1000', shortfall: '0' });
    // 168 normal hours and 72 late ones of 1,000 × 0.003 % = 0.03.
    expect(history.data.list[0]!.interestRepaid).toBe(d('1.428').add(d('0.03').mul(72)).toFixed());
  });
});
