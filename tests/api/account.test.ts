import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi, demoUser } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

type Permissions = Record<string, { enabled: boolean; reason: string | null }>;
interface Menu {
  menus: Array<{ code: string; path: string; enabled: boolean; children: Array<{ code: string; path: string; enabled: boolean; reason: string | null }> }>;
  permissions: Permissions;
}

async function menu(token: string): Promise<Menu> {
  const reply = await api.call<Menu>('GET', '/menu/getUserMenu', { token });
  expect(reply.code).toBe(200);
  return reply.data;
}

describe('user menu and permissions (spec §6)', () => {
  it('demo user: KYC certified, so wallet and fiat are open; convert waits for Google authenticator', async () => {
    const token = await api.token();
    const { permissions, menus } = await menu(token);
    expect(permissions['withdrawCoin']).toEqual({ enabled: true, reason: null });
    expect(permissions['withdrawFiat']).toEqual({ enabled: true, reason: null });
    expect(permissions['otc']).toEqual({ enabled: true, reason: null });
    expect(permissions['convertCoin']).toEqual({ enabled: false, reason: 'gaRequired' });
    const account = menus.find((item) => item.code === 'account');
    expect(account?.children.map((child) => child.code)).toEqual(['information', 'safe', 'freeze', 'hitory', 'kyc']);
  });

  it("every menu entry leads to one of the app's routes (a page, a redirect, or a page's path before its parameter)", async () => {
    const { menus } = await menu(await api.token());
    // The app's route table is another TypeScript project (tsconfig.app.json): loaded at run time, typed here.
    const routeTable = new URL('../../src/app/route-table.ts', import.meta.url).href;
    const { pageRoutes, redirectRoutes } = (await import(routeTable)) as { pageRoutes: Array<{ path: string }>; redirectRoutes: Array<{ path: string }> };
    const targets = new Set([...pageRoutes.map((r) => r.path.replace(/\/:\w+$/, '')), ...pageRoutes.map((r) => r.path), ...redirectRoutes.map((r) => r.path)]);
    const paths = menus.flatMap((item) => [item.path, ...item.children.map((child) => child.path)]);
    expect(paths.filter((path) => !targets.has(path.split('?')[0]!))).toEqual([]);
    // The fiat convert tab is the convert page's `tab` search parameter (spec §2 has no convert/fiat route).
    expect(menus.find((item) => item.code === 'convert')?.children.map((child) => child.path)).toEqual(['convert/coin', 'convert/coin?tab=fiat']);
  });

  it('new user: crypto needs basic KYC, fiat and OTC need advanced', async () => {
    const email = await api.register();
    const { permissions } = await menu(await api.token(email, 'Passw0rd!x'));
    expect(permissions['rechargeCoin']?.reason).toBe('kycBasic');
    expect(permissions['rechargeFiat']?.reason).toBe('kycAdvanced');
    expect(permissions['otc']?.reason).toBe('kycAdvanced');
    expect(permissions['loan']).toEqual({ enabled: true, reason: null });
  });

  it('operations switches turn features off with reason "operations"', async () => {
    const token = await api.token();
    const set = await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: ['loan', 'fiatWithdraw'] } });
    expect(set.code).toBe(200);
    const { permissions } = await menu(token);
    expect(permissions['loan']).toEqual({ enabled: false, reason: 'operations' });
    expect(permissions['withdrawFiat']).toEqual({ enabled: false, reason: 'operations' });
    expect(permissions['withdrawCoin']?.enabled).toBe(true);
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: [] } });
    expect((await menu(token)).permissions['loan']?.enabled).toBe(true);
    const bad = await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: ['everything'] } });
    expect(bad.status).toBe(400);
  });
});

describe('login history (hitory)', () => {
  it('lists sign-ins newest first with paging of 10, 20, 50, 100', async () => {
    const email = await api.register();
    for (let i = 0; i < 12; i++) {
      api.clock.advance(60_000);
      await api.token(email, 'Passw0rd!x');
    }
    const token = await api.token(email, 'Passw0rd!x');
    const first = await api.call<{ list: Array<{ loginTime: string; ip: string; source: string }>; total: number; pageSize: number }>(
      'GET',
      '/institution/loginInfoList',
      { token },
    );
    expect(first.data.total).toBe(13);
    expect(first.data.pageSize).toBe(10);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.list[0]).toMatchObject({ ip: '127.0.0.1', source: 'web' });
    const times = first.data.list.map((row) => row.loginTime);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await api.call<{ list: unknown[] }>('GET', '/institution/loginInfoList?pageNum=2&pageSize=10', { token });
    expect(second.data.list).toHaveLength(3);
    const bad = await api.call('GET', '/institution/loginInfoList?pageSize=15', { token });
    expect(bad).toMatchObject({ status: 400, data: { field: 'pageSize', rule: 'enum' } });
    // Failed sign-ins are not sign-ins.
    await api.login(email, 'Wrong-Pass1');
    const after = await api.call<{ total: number }>('GET', '/institution/loginInfoList', { token });
    expect(after.data.total).toBe(13);
  });
});

describe('freeze (spec §4)', () => {
  it('freezes: every session ends, withdrawals and exchange are off, a second freeze is refused', async () => {
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    const other = await api.token(email, 'Passw0rd!x');
    expect((await api.call('POST', '/institution/frozenLatestAccount', { token })).data).toEqual({ frozen: true });
    expect((await api.call('GET', '/institution/getUserInfo', { token })).code).toBe(401);
    expect((await api.call('GET', '/institution/getUserInfo', { token: other })).code).toBe(401);
    const again = await api.token(email, 'Passw0rd!x');
    const info = await api.call<{ frozen: boolean }>('GET', '/institution/getUserInfo', { token: again });
    expect(info.data.frozen).toBe(true);
    expect((await api.call('POST', '/institution/frozenLatestAccount', { token: again })).code).toBe(10011);
  });

  it('frozen demo-like account: withdraw, convert and OTC report "frozen"', async () => {
    const token = await api.token();
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, frozen: true } });
    const { permissions } = await menu(token);
    expect(permissions['withdrawCoin']).toEqual({ enabled: false, reason: 'frozen' });
    expect(permissions['withdrawFiat']).toEqual({ enabled: false, reason: 'frozen' });
    expect(permissions['otc']).toEqual({ enabled: false, reason: 'frozen' });
    expect(permissions['trading']?.enabled).toBe(true);
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, frozen: false } });
    expect((await menu(token)).permissions['withdrawCoin']?.enabled).toBe(true);
  });
});

describe('preferences and broker calls', () => {
  it('updates the preferred language; refuses languages outside zh-HK and en-US', async () => {
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    expect((await api.call('POST', '/institution/updatePreferredLanguage', { token, body: { preferredLanguage: 'zh-HK' } })).code).toBe(200);
    const bad = await api.call('POST', '/institution/updatePreferredLanguage', { token, body: { preferredLanguage: 'fr-FR' } });
    expect(bad).toMatchObject({ status: 400, data: { field: 'preferredLanguage', rule: 'enum' } });
    const info = await api.call<{ preferredLanguage: string }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.preferredLanguage).toBe('zh-HK');
  });

  it('stores the order confirmation setting and the broker agreement', async () => {
    const email = await api.register();
    const token = await api.token(email, 'Passw0rd!x');
    await api.call('POST', '/institution/updateOrderConfirmStatus', { token, body: { orderConfirmStatus: false } });
    await api.call('POST', '/institution/agree/broker/open', { token });
    const info = await api.call<{ orderConfirmStatus: boolean; brokerOpen: boolean }>('GET', '/institution/getUserInfo', { token });
    expect(info.data).toMatchObject({ orderConfirmStatus: false, brokerOpen: true });
    const bad = await api.call('POST', '/institution/updateOrderConfirmStatus', { token, body: { orderConfirmStatus: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  it('records a business cooperation request, validating the e-mail', async () => {
    const token = await api.token();
    const body = { companyName: 'Partner Co', contactName: 'Pat', email: 'pat@partner.test', message: 'Hello' };
    const reply = await api.call<{ id: number }>('POST', '/broker/business/cooperation/add', { token, body });
    expect(reply.code).toBe(200);
    expect(reply.data.id).toBeGreaterThan(0);
    const bad = await api.call('POST', '/broker/business/cooperation/add', { token, body: { ...body, email: 'nope' } });
    expect(bad).toMatchObject({ status: 400, data: { field: 'email' } });
    const long = await api.call('POST', '/broker/business/cooperation/add', { token, body: { ...body, message: 'x'.repeat(501) } });
    expect(long).toMatchObject({ status: 400, data: { field: 'message', rule: 'maxLength' } });
  });
});
