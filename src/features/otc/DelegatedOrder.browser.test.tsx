import Decimal from 'decimal.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { localeRenderer } from '../../components/testing/render.tsx';
import { configureApi } from '../../lib/api/index.ts';
import enAccount from '../../../locales/en-US/account.json';
import enCommon from '../../../locales/en-US/common.json';
import enComponents from '../../../locales/en-US/components.json';
import enConvert from '../../../locales/en-US/convert.json';
import enErrors from '../../../locales/en-US/errors.json';
import enOtc from '../../../locales/en-US/otc.json';
import enValidation from '../../../locales/en-US/validation.json';
import enWallet from '../../../locales/en-US/wallet.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import zhCommon from '../../../locales/zh-HK/common.json';
import zhComponents from '../../../locales/zh-HK/components.json';
import zhConvert from '../../../locales/zh-HK/convert.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import zhOtc from '../../../locales/zh-HK/otc.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import type { DeskConfig, OtcOrder } from './api.ts';
import { DelegatedOrder } from './DelegatedOrder.tsx';
import type { DeskTerms } from './use-desk-terms.ts';
import type { OtcData } from './use-otc-data.ts';

// The delegated order screen in Chromium, in both languages (spec §1 delegated mode): paying USDT for BTC, the
// limit is read and typed as traders read it — USDT per BTC — and what a fill receives is computed from it; a limit
// more than 20 % from the desk's price is refused beside the field before anything is sent; every order is
// confirmed with what it pays and receives, and cancelling the confirmation sends nothing (so nothing is held);
// the sandbox's own band refusal shows beside the field too.

const resources = {
  'en-US': { account: enAccount, common: enCommon, components: enComponents, convert: enConvert, errors: enErrors, otc: enOtc, validation: enValidation, wallet: enWallet },
  'zh-HK': { account: zhAccount, common: zhCommon, components: zhComponents, convert: zhConvert, errors: zhErrors, otc: zhOtc, validation: zhValidation, wallet: zhWallet },
} as const;
type Lang = keyof typeof resources;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

/** The desk's price for 250,000 USDT: BTC per USDT on the wire, about 65,000 USDT per BTC. */
const DESK_PRICE = '0.00001538461538';
const NOW = '2026-11-30T09:00:00.000Z';

const hours: DeskConfig['hours'] = { days: [1, 2, 3, 4, 5], openUtcHour: 0, closeUtcHour: 17, open: true, nextOpenAt: '2026-12-01T00:00:00.000Z', nextCloseAt: '2026-11-30T17:00:00.000Z', serverTime: NOW };
const config: DeskConfig = { minUsd: '200000', resultMinutes: 30, settlementDays: 1, quoteTtlMs: 30_000, spread: '0.0005', hours };
const terms: DeskTerms = { config, user: { minUsd: '200000', quoteLimitUsd: '10000000' }, error: null, reload: () => {} };
const data: OtcData = {
  names: ['BTC', 'ETH', 'SOL', 'USDT', 'USD', 'HKD'],
  rules: { decimals: { BTC: 8, ETH: 8, SOL: 8, USDT: 6, USD: 2, HKD: 2 }, range: {} },
  disabledPairs: [],
  balances: new Map([['USDT', new Decimal('1000000')], ['BTC', new Decimal('10')]]),
  reloadAfterOrder: () => {},
  reloadPairs: () => {},
  reloadTerms: () => {},
  error: null,
};

const envelope = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The sandbox as fetch sees it; `placeReply` answers addLimitOrder (default: the order placed). */
function fakeSandbox(placeReply?: () => Response): Array<{ path: string; body: Record<string, unknown> | null }> {
  const seen: Array<{ path: string; body: Record<string, unknown> | null }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const body = request.method === 'POST' ? ((await request.json().catch(() => null)) as Record<string, unknown> | null) : null;
    seen.push({ path, body });
    if (path.endsWith('/block/getQuote')) {
      const amount = String(body?.['fromAmount'] ?? '0');
      return envelope({
        code: 200,
        msg: 'success',
        data: {
          fromAsset: 'USDT', toAsset: 'BTC', fromAmount: amount, toAmount: new Decimal(amount).mul(DESK_PRICE).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
          price: DESK_PRICE, inversePrice: '65000.00000', marketPrice: DESK_PRICE, spread: '0.0005', usdValue: amount, fixed: 'from', serverTime: NOW,
        },
      });
    }
    if (path.endsWith('/block/listBlockTradeConfigure')) return envelope({ code: 200, msg: 'success', data: config });
    if (path.endsWith('/block/addLimitOrder')) {
      if (placeReply) return placeReply();
      const order: OtcOrder = {
        orderId: '41', mode: 'limit', fromAsset: 'USDT', toAsset: 'BTC', fromAmount: String(body?.['fromAmount']), toAmount: '3.90625', price: String(body?.['limitPrice']),
        usdValue: '250000.00', status: 'open', quoteId: null, expiresAt: '2026-12-01T09:00:00.000Z',
        timeline: { requestedAt: NOW, quotedAt: null, acceptedAt: null, settledAt: null, resultBy: '2026-11-30T09:30:00.000Z', settlesAt: null, closedAt: null },
      };
      return envelope({ code: 200, msg: 'success', data: order });
    }
    return envelope({ code: 404, msg: 'Resource does not exist', data: null }, 404);
  });
  return seen;
}

const { render } = localeRenderer(resources, 'otc');
afterEach(() => vi.restoreAllMocks());
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {}, saveFile: () => {} }));

async function show(lang: Lang): Promise<void> {
  await render(<DelegatedOrder terms={terms} data={data} blocked={null} />, lang);
}

const q = <T extends HTMLElement = HTMLElement>(id: string, root: ParentNode = document) => root.querySelector<T>(`[data-testid="${id}"]`);
const form = () => q('otc-limit-form')!;
const priceLabel = () => form().querySelector(`label[for="${q<HTMLInputElement>('input-limitPrice')!.id}"]`)?.textContent ?? '';
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const placed = (seen: ReturnType<typeof fakeSandbox>) => seen.filter((s) => s.path.endsWith('/block/addLimitOrder'));

/** Pays 250,000 USDT for BTC with the limit typed as given, and waits for the desk's price for the size. */
async function payUsdtForBtc(limit: string): Promise<void> {
  await userEvent.selectOptions(q('input-limitFrom')!, 'USDT');
  await expect.poll(() => q<HTMLSelectElement>('input-limitTo')!.value).toBe('BTC');
  await userEvent.fill(q('input-fromAmount')!, '250000');
  await userEvent.fill(q('input-limitPrice')!, limit);
  await expect.poll(() => q('otc-usd-value')!.getAttribute('data-usd')).toBe('250000');
}

describe.each(['en-US', 'zh-HK'] as const)('the delegated order screen (%s)', (lang) => {
  const t = resources[lang].otc;

  it('reads the limit as USDT per BTC when paying USDT for BTC, and computes what a fill receives from it; the flip shows it the other way', async () => {
    const seen = fakeSandbox();
    await show(lang);
    await payUsdtForBtc('64000');
    expect(priceLabel()).toBe(fill(t.limit.price, { from: 'BTC', to: 'USDT' }));
    // 250,000 USDT at 64,000 USDT per BTC: 3.90625 BTC (not 16,000,000,000 BTC).
    expect(q('otc-limit-receives')!.textContent).toBe(fill(t.units.amount, { value: '3.90625', asset: 'BTC' }));
    expect(q('otc-limit-market')!.textContent).toBe(fill(t.quote.rate, { from: 'BTC', to: 'USDT', price: '65,000' }));
    // Flipped: the same limit, as BTC per USDT; the amount received does not change.
    await userEvent.click(q('otc-limit-flip')!);
    expect(priceLabel()).toBe(fill(t.limit.price, { from: 'USDT', to: 'BTC' }));
    expect(q<HTMLInputElement>('input-limitPrice')!.value).toBe('0.000015625');
    expect(q('otc-limit-receives')!.textContent).toBe(fill(t.units.amount, { value: '3.90625', asset: 'BTC' }));
    expect(placed(seen)).toHaveLength(0);
  });

  it('refuses a limit more than 20 % from the desk’s price beside the field, sending nothing', async () => {
    const seen = fakeSandbox();
    await show(lang);
    await payUsdtForBtc('50000');
    await userEvent.click(q('otc-limit-submit')!);
    await expect
      .poll(() => q('error-limitPrice')?.textContent)
      .toBe(fill(t.limit.errors.band, { band: '20.00', reference: '65,000', lowest: '52,000', highest: '78,000', from: 'BTC', to: 'USDT' }));
    expect(dialog()).toBeNull();
    expect(placed(seen)).toHaveLength(0);
  });

  it('confirms what the order pays and receives: cancel sends nothing; confirm places it at the limit on the wire', async () => {
    const seen = fakeSandbox();
    await show(lang);
    await payUsdtForBtc('64000');
    await userEvent.click(q('otc-limit-submit')!);
    await expect.poll(() => dialog()).not.toBeNull();
    const facts = q('otc-limit-confirm', dialog()!)!;
    expect(q('confirm-pays', facts)!.textContent).toBe(fill(t.units.amount, { value: '250,000', asset: 'USDT' }));
    expect(q('confirm-receives', facts)!.textContent).toBe(fill(t.units.amount, { value: '3.90625', asset: 'BTC' }));
    expect(q('confirm-price', facts)!.textContent).toBe(fill(t.quote.rate, { from: 'BTC', to: 'USDT', price: '64,000' }));
    // Cancelled: nothing sent, so nothing is held, and no order is shown.
    await userEvent.click(dialog()!.querySelector<HTMLElement>('.td-modal__footer button:not(.td-modal__button--primary)')!);
    // The modal leaves with its 1 s animation (spec §9).
    await expect.poll(() => dialog(), { timeout: 5_000 }).toBeNull();
    expect(placed(seen)).toHaveLength(0);
    expect(q('otc-placed')).toBeNull();
    // Confirmed: placed with the wire's BTC per USDT.
    await userEvent.click(q('otc-limit-submit')!);
    await expect.poll(() => dialog()).not.toBeNull();
    await userEvent.click(dialog()!.querySelector<HTMLElement>('.td-modal__button--primary')!);
    await expect.poll(() => placed(seen)).toHaveLength(1);
    expect(placed(seen)[0]!.body).toMatchObject({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '250000', limitPrice: '0.000015625' });
    await expect.poll(() => q('otc-placed')).not.toBeNull();
    expect(q('order-price')!.textContent).toBe(fill(t.quote.rate, { from: 'BTC', to: 'USDT', price: '64,000' }));
  });

  it('shows the sandbox’s band refusal beside the limit', async () => {
    fakeSandbox(() =>
      envelope(
        {
          code: 400,
          msg: 'limitPrice is more than 20% from the desk price',
          data: { field: 'limitPrice', rule: 'priceBand', bandPercent: '20', reference: '70000', lowest: '56000', highest: '84000', base: 'BTC', quote: 'USDT' },
        },
        400,
      ),
    );
    await show(lang);
    await payUsdtForBtc('64000');
    await userEvent.click(q('otc-limit-submit')!);
    await expect.poll(() => dialog()).not.toBeNull();
    await userEvent.click(dialog()!.querySelector<HTMLElement>('.td-modal__button--primary')!);
    await expect
      .poll(() => q('error-limitPrice')?.textContent)
      .toBe(fill(t.limit.errors.band, { band: '20.00', reference: '70,000', lowest: '56,000', highest: '84,000', from: 'BTC', to: 'USDT' }));
    expect(q('otc-placed')).toBeNull();
  });
});
