import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { zhHkRenderer } from '../../components/testing/render.tsx';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import { configureApi } from '../../lib/api/index.ts';
import type { SupportedAsset } from './api.ts';
import { DeclareDeposit } from './DeclareDeposit.tsx';

// The deposit page's capital balance (spec §7 accountCapital/list) and the look-up by hash (submitDepositRecord).

afterEach(() => {
  vi.restoreAllMocks();
});
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {}, saveFile: () => {} }));

const { render } = zhHkRenderer({ wallet: zhWallet }, 'wallet');
const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);
const entry = {
  asset: 'BTC',
  networks: [{ network: 'BTC', label: 'Bitcoin', confirmations: 2, decimals: 8, withdrawFee: '0.0002', withdrawMin: '0.001', withdrawMax: '100', depositMin: '0.0001', memo: false }],
} as SupportedAsset;
const HASH = 'a'.repeat(64);

function fakeSandbox() {
  const seen: Array<{ path: string; body: unknown }> = [];
  const reply = (data: unknown, code = 200) => new Response(JSON.stringify({ code, msg: code === 200 ? 'success' : 'bad', data }), { status: code, headers: { 'content-type': 'application/json' } });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    seen.push({ path, body });
    if (path === '/account/block/accountCapital/list') return reply([{ asset: 'BTC', free: '1.5', locked: '0.1', total: '1.6' }]);
    if (path === '/account/block/submitDepositRecord') {
      if (body?.['txHash'] !== HASH) return reply({ field: 'txHash', rule: 'unknown' }, 400);
      return reply({ recordId: 'D7', type: 'deposit', asset: 'BTC', network: 'BTC', address: 'bc1q', memo: null, amount: '0.25', fee: '0', status: 'deposit_pending', txHash: HASH, confirmations: 0, confirmationsRequired: 2, createdAt: '2026-12-01T00:00:00.000Z', completedAt: null });
    }
    return reply(null, 404);
  });
  return seen;
}

describe('deposit look-up and capital balance', () => {
  it('shows the capital balance, finds a deposit by hash and says when none matches', async () => {
    const seen = fakeSandbox();
    await render(<DeclareDeposit entry={entry} />);
    await expect.poll(() => q('capital-balance')?.textContent).toContain('1.50000000 BTC');
    expect(seen[0]).toEqual({ path: '/account/block/accountCapital/list', body: { asset: 'BTC' } });

    await userEvent.fill(q<HTMLInputElement>('declare-txhash')!, 'short');
    expect(q<HTMLButtonElement>('declare-submit')!.disabled).toBe(true);
    await userEvent.fill(q<HTMLInputElement>('declare-txhash')!, 'b'.repeat(64));
    await userEvent.click(q('declare-submit')!);
    await expect.poll(() => document.body.textContent).toContain(zhWallet.declare.notFound);

    await userEvent.fill(q<HTMLInputElement>('declare-txhash')!, HASH);
    await userEvent.click(q('declare-submit')!);
    await expect.poll(() => q('declare-found')?.textContent).toBe(`記錄 D7：0.25000000 BTC，${zhWallet.status.deposit_pending}`);
    expect(seen.filter((s) => s.path === '/account/block/submitDepositRecord').at(-1)?.body).toEqual({ asset: 'BTC', network: 'BTC', txHash: HASH });
  });
});
