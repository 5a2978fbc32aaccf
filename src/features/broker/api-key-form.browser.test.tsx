import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { zhHkRenderer } from '../../components/testing/render.tsx';
import zhAccount from '../../../locales/zh-HK/account.json';
import zhBroker from '../../../locales/zh-HK/broker.json';
import zhComponents from '../../../locales/zh-HK/components.json';
import zhMoney from '../../../locales/zh-HK/broker-money.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import { configureApi } from '../../lib/api/index.ts';
import ApiApplyPage from './ApiApplyPage.tsx';

// The page's chunk adds its namespaces to the app's i18next; here the test's own instance has them.
vi.mock('./money/locale.ts', () => ({}));

// The broker manager's new API key form (spec §2 "api"; spec §5 the bound IPs; spec §6 withdraw needs bound IPs), in
// zh-HK (the broker manager's only language, spec §1): a field's error goes as soon as the field is valid again, not
// at the next submit; a field still wrong, or not touched, keeps its error.

const accounts = [
  { brokerAccountId: '11', exchangeCode: 'okx', subAccountName: 'okxDesk', accountType: 'regular' },
  { brokerAccountId: '12', exchangeCode: 'binance', subAccountName: 'bnDesk', accountType: 'regular' },
];

/** The sandbox as fetch sees it: the sub-accounts to choose from; every call's path is kept. */
function fakeSandbox(): string[] {
  const paths: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    paths.push(path);
    const data = path === '/broker/account/list' ? accounts : null;
    return new Response(JSON.stringify({ code: 200, msg: 'success', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return paths;
}

beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {} }));
afterEach(() => {
  vi.restoreAllMocks();
});

const { render } = zhHkRenderer({ account: zhAccount, broker: zhBroker, components: zhComponents, 'broker-money': zhMoney, errors: zhErrors, validation: zhValidation }, 'broker');

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);
const error = (field: string) => q(`key-error-${field}`)?.textContent ?? null;
const apply = zhBroker.apply.errors;

async function openForm(): Promise<string[]> {
  const paths = fakeSandbox();
  const router = createMemoryRouter([{ path: '/:lang/brokerManager/api-apply', element: <ApiApplyPage /> }], { initialEntries: ['/zh-HK/brokerManager/api-apply'] });
  await render(<RouterProvider router={router} />);
  await expect.poll(() => q<HTMLSelectElement>('key-account')?.options.length).toBe(3);
  return paths;
}

const submit = () => userEvent.click(q('key-submit')!);

describe('API key form: errors clear when the field becomes valid', () => {
  it('the sub-account error goes when one is chosen', async () => {
    const paths = await openForm();
    await submit();
    await expect.poll(() => error('brokerAccountId')).toBe(apply.account);
    expect(q('key-account')?.getAttribute('aria-invalid')).toBe('true');
    await userEvent.selectOptions(q<HTMLSelectElement>('key-account')!, '11');
    await expect.poll(() => error('brokerAccountId')).toBeNull();
    expect(q('key-account')?.getAttribute('aria-invalid')).toBe('false');
    expect(paths).not.toContain('/broker/exchangeKey/insertBrokerExchangeKey');
  });

  it('a corrected IP list loses its error at once; the passphrase, still wrong, keeps its own until it is right', async () => {
    const paths = await openForm();
    await userEvent.selectOptions(q<HTMLSelectElement>('key-account')!, '11'); // okx signs with a passphrase
    await userEvent.fill(q('key-ips-input')!, '10.0.0.1\n10.0.0');
    await userEvent.fill(q('key-passphrase')!, 'short');
    await submit();
    await expect.poll(() => error('ipList')).toBe(apply.format.replace('{{entry}}', '10.0.0'));
    expect(error('passphrase')).toBe(apply.passphrase);

    await userEvent.fill(q('key-ips-input')!, '10.0.0.1\n10.0.0.2');
    await expect.poll(() => error('ipList')).toBeNull();
    expect(error('passphrase')).toBe(apply.passphrase);

    // Still too short: the error stays; long enough: it goes.
    await userEvent.fill(q('key-passphrase')!, 'short12');
    expect(error('passphrase')).toBe(apply.passphrase);
    await userEvent.fill(q('key-passphrase')!, 'long-enough-1');
    await expect.poll(() => error('passphrase')).toBeNull();
    expect(paths).not.toContain('/broker/exchangeKey/insertBrokerExchangeKey');
  });

  it('the withdraw permission refused without bound IPs is allowed again once an IP is bound (the link of IPs to permissions)', async () => {
    await openForm();
    await userEvent.selectOptions(q<HTMLSelectElement>('key-account')!, '12'); // binance: no passphrase
    await userEvent.click(q('key-permission-withdraw')!);
    await submit();
    await expect.poll(() => error('permissions')).toBe(apply.withdrawNeedsIp);
    // The step-up of a key that can move money (the kit's field, `error-password`): its password is asked for too,
    // and nobody typed one.
    const passwordError = () => q('error-password')?.textContent ?? null;
    expect(passwordError()).toBe(zhValidation.errors.passwordRequired);

    await userEvent.fill(q('key-ips-input')!, '203.0.113.7');
    await expect.poll(() => error('permissions')).toBeNull();
    expect(passwordError()).toBe(zhValidation.errors.passwordRequired);
  });
});
