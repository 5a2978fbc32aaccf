import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { zhHkRenderer } from '../../components/testing/render.tsx';
import zhLightning from '../../../locales/zh-HK/lightning.json';
import { configureApi } from '../../lib/api/index.ts';
import { TradersPanel } from './TradersPanel.tsx';

// The lightning traders panel (spec §7 trader/register, trader/query, updatePermissions, delTraders, permissionsList):
// every one of the five calls from the screen, against a fake sandbox that keeps the owner's traders.

afterEach(() => {
  vi.restoreAllMocks();
});
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {}, saveFile: () => {} }));

const { render } = zhHkRenderer({ lightning: zhLightning }, 'lightning');
const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);

function fakeSandbox(options: { ownerRefused?: boolean } = {}) {
  const seen: Array<{ path: string; body: unknown }> = [];
  let registered = false;
  let traders: Array<{ traderId: string; email: string; permissions: string[]; createdAt: string; updatedAt: string }> = [];
  const reply = (data: unknown, code = 200) =>
    new Response(JSON.stringify({ code, msg: code === 200 ? 'success' : 'refused', data }), { status: code, headers: { 'content-type': 'application/json' } });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api\/broker\/lightning\/trader\//, '');
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    seen.push({ path, body });
    const at = '2026-12-01T00:00:00.000Z';
    if (path === 'query') return reply({ registered, keyId: '1', registeredAt: registered ? at : null });
    if (path === 'register') {
      registered = true;
      return reply({ registered: true, keyId: '1', registeredAt: at });
    }
    if (options.ownerRefused) return reply(null, 403);
    if (path === 'permissionsList') return reply(traders);
    if (path === 'updatePermissions') {
      const row = { traderId: String(traders.length + 1), email: String(body!['email']), permissions: body!['permissions'] as string[], createdAt: at, updatedAt: at };
      traders = [...traders.filter((t) => t.email !== row.email), row];
      return reply(row);
    }
    if (path === 'delTraders') {
      const ids = body!['traderIds'] as string[];
      traders = traders.filter((t) => !ids.includes(t.traderId));
      return reply({ deleted: ids.length });
    }
    return reply(null, 404);
  });
  return seen;
}

describe('lightning traders panel', () => {
  it('registers, adds a trader with their permissions, lists and removes them', async () => {
    const seen = fakeSandbox();
    await render(<TradersPanel />);
    await expect.poll(() => q('traders-register')).not.toBeNull();
    await userEvent.click(q('traders-register')!);
    await expect.poll(() => q('traders-table')?.textContent).toContain(zhLightning.traders.empty);

    // An invalid e-mail or no permission sends nothing.
    await userEvent.fill(q<HTMLInputElement>('traders-email')!, 'not-an-email');
    expect(q<HTMLButtonElement>('traders-save')!.disabled).toBe(true);
    await userEvent.fill(q<HTMLInputElement>('traders-email')!, 'desk@firm.test');
    await userEvent.click(q('traders-permission-close')!);
    await userEvent.click(q('traders-save')!);
    await expect.poll(() => document.querySelector('[data-trader="desk@firm.test"]')?.textContent).toContain(zhLightning.traders.permission.close);
    expect(seen.find((s) => s.path === 'updatePermissions')?.body).toEqual({ email: 'desk@firm.test', permissions: ['order', 'cancel', 'close'] });

    await userEvent.click(q('traders-delete')!);
    await expect.poll(() => document.querySelector('[data-trader="desk@firm.test"]')).toBeNull();
    expect(seen.find((s) => s.path === 'delTraders')?.body).toEqual({ traderIds: ['1'] });
    expect(new Set(seen.map((s) => s.path))).toEqual(new Set(['query', 'register', 'permissionsList', 'updatePermissions', 'delTraders']));
  });

  it('says when the user is not the account owner', async () => {
    fakeSandbox({ ownerRefused: true });
    await render(<TradersPanel />);
    await userEvent.click((await expect.poll(() => q('traders-register')).not.toBeNull(), q('traders-register')!));
    await expect.poll(() => q('traders-error')?.textContent).toBe(zhLightning.traders.errors.notOwner);
  });
});
