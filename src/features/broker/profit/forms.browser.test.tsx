import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { zhHkRenderer } from '../../../components/testing/render.tsx';
import zhAccount from '../../../../locales/zh-HK/account.json';
import zhBroker from '../../../../locales/zh-HK/broker.json';
import zhConfig from '../../../../locales/zh-HK/broker-config.json';
import zhMoney from '../../../../locales/zh-HK/broker-money.json';
import zhProfit from '../../../../locales/zh-HK/broker-profit.json';
import zhErrors from '../../../../locales/zh-HK/errors.json';
import zhValidation from '../../../../locales/zh-HK/validation.json';
import { configureApi } from '../../../lib/api/index.ts';
import type { Destination, ProfitFund } from './api.ts';
import { AllotForm, WithdrawForm } from './ProfitForms.tsx';

// The page's chunk adds its namespaces to the app's i18next; here the test's own instance has them.
vi.mock('../money/locale.ts', () => ({}));

// The profit page's forms in Chromium, in zh-HK (the broker manager's only language, spec §1): the allocation's legs
// checked with the sandbox's own split rule before anything is sent, and what the calls receive.

const fund: ProfitFund = {
  projectNo: 'P202611260001',
  projectName: 'Fund',
  status: 'in_progress',
  exchangeCode: 'okx',
  primaryAccountId: '9',
  asset: 'USDT',
  accrued: '120',
  withdrawn: '20',
  applying: '0',
  profitPayable: '100',
  primaryFree: '5000',
  available: '100',
  nav: '1.05',
};
const destinations: Destination[] = [
  { brokerAccountId: '11', exchangeCode: 'okx', subAccountName: 'okxA', accountType: 'regular' },
  { brokerAccountId: '12', exchangeCode: 'okx', subAccountName: 'okxB', accountType: 'regular' },
];

afterEach(() => {
  vi.restoreAllMocks();
});
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {}, saveFile: () => {} }));

const { render } = zhHkRenderer({ account: zhAccount, broker: zhBroker, 'broker-config': zhConfig, 'broker-money': zhMoney, 'broker-profit': zhProfit, errors: zhErrors, validation: zhValidation }, 'broker-profit');

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`)!;

/** The sandbox as fetch sees it: the e-mail code and the application, with the bodies it got. */
function fakeSandbox(): Array<{ path: string; body: unknown }> {
  const seen: Array<{ path: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const body = request.method === 'POST' ? ((await request.json().catch(() => null)) as unknown) : null;
    seen.push({ path, body });
    const data = path.endsWith('invokeWithdrawalEmailValidation') ? { uuid: 'code-uuid', expiresAt: new Date(Date.now() + 600_000).toISOString() } : { applicationId: '77' };
    return new Response(JSON.stringify({ code: 200, msg: 'success', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return seen;
}

describe('profit forms', () => {
  it('an allocation by percentages that do not add up to 100 is refused before anything is sent; one that does is sent with its legs', async () => {
    const seen = fakeSandbox();
    const applied = vi.fn();
    await render(<AllotForm fund={fund} destinations={destinations} gaBound={false} onApplied={applied} />);
    await userEvent.selectOptions(q('input-allotLegTo0'), '11');
    await userEvent.selectOptions(q('input-allotLegTo1'), '12');
    await userEvent.fill(q('input-allotTotal'), '50');
    await userEvent.fill(q('input-allotLeg0'), '60');
    await userEvent.fill(q('input-allotLeg1'), '30');
    expect(q('profit-allot-sum').textContent).toBe('合計：90%');
    await userEvent.click(q('send-allotEmailCode'));
    await expect.poll(() => seen.some((s) => s.path.endsWith('invokeWithdrawalEmailValidation'))).toBe(true);
    // The code is asked for this allocation as it stands (it approves only that: server/broker/code-operations.ts).
    expect(seen.find((s) => s.path.endsWith('invokeWithdrawalEmailValidation'))?.body).toMatchObject({
      operation: { kind: 'allot', mode: 'percent', total: '50', legs: [{ toAccountId: '11', percent: '60' }, { toAccountId: '12', percent: '30' }] },
    });
    await userEvent.fill(q('input-allotEmailCode'), '123456');
    await userEvent.click(q('profit-allot-submit'));
    await expect.poll(() => document.querySelector('[data-testid="profit-allot-form"] [data-testid="form-error"]')?.textContent).toBe(zhProfit.errors.split);
    expect(seen.some((s) => s.path.endsWith('/profitAccrual/apply'))).toBe(false);

    await userEvent.fill(q('input-allotLeg1'), '40');
    await userEvent.click(q('profit-allot-submit'));
    await expect.poll(() => applied.mock.calls.length).toBe(1);
    const sent = seen.find((s) => s.path.endsWith('/profitAccrual/apply'))!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      projectNo: fund.projectNo,
      mode: 'percent',
      total: '50',
      legs: [
        { toAccountId: '11', percent: '60' },
        { toAccountId: '12', percent: '40' },
      ],
      emailUuid: 'code-uuid',
      emailCode: '123456',
    });
  });

  it('a withdrawal above the available profit is refused beside the amount', async () => {
    fakeSandbox();
    await render(<WithdrawForm fund={fund} destinations={destinations} gaBound={false} onApplied={() => {}} />);
    await userEvent.selectOptions(q('input-toAccountId'), '11');
    await userEvent.fill(q('input-amount'), '100.00000001');
    await userEvent.click(q('profit-withdraw-preview-button'));
    await expect.poll(() => q('error-amount')?.textContent).toBe(zhProfit.errors.unavailable.replace('{{available}}', '100'));
  });
});
