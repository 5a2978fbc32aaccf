import Decimal from 'decimal.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { useTranslation } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { localeRenderer } from '../../components/testing/render.tsx';
import { configureApi } from '../../lib/api/index.ts';
import enAccount from '../../../locales/en-US/account.json';
import enComponents from '../../../locales/en-US/components.json';
import enConvert from '../../../locales/en-US/convert.json';
import enErrors from '../../../locales/en-US/errors.json';
import enValidation from '../../../locales/en-US/validation.json';
import enWallet from '../../../locales/en-US/wallet.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import zhComponents from '../../../locales/zh-HK/components.json';
import zhConvert from '../../../locales/zh-HK/convert.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import { CONVERT_CALLS } from './convert-calls.ts';
import type { PairKind } from './convert-form.ts';
import { QuoteForm } from './QuoteForm.tsx';
import { useQuoteFlow, type QuoteData } from './use-quote-flow.ts';

// spec §8 "Insufficient Balance (offers Go to Deposit)" on the convert form, in Chromium and both languages: an amount
// above the paid asset's balance, or the sandbox's 10101 refusal, offers the deposit page of that asset — the crypto
// deposit for a coin, the fiat deposit for a currency (spec §2 wallet/recharge/coin|fiat/{asset}).

const resources = {
  'en-US': { account: enAccount, components: enComponents, convert: enConvert, errors: enErrors, validation: enValidation, wallet: enWallet },
  'zh-HK': { account: zhAccount, components: zhComponents, convert: zhConvert, errors: zhErrors, validation: zhValidation, wallet: zhWallet },
} as const;
type Lang = keyof typeof resources;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

const data: QuoteData = {
  names: ['BTC', 'ETH', 'SOL', 'USDT', 'USD', 'HKD'],
  rules: { decimals: { BTC: 8, ETH: 8, SOL: 8, USDT: 6, USD: 2, HKD: 2 }, range: {} },
  disabledPairs: [],
  balances: new Map([['BTC', new Decimal('0.5')], ['USDT', new Decimal('1000')], ['USD', new Decimal('200')]]),
  reloadAfterOrder: () => {},
  reloadPairs: () => {},
};

const envelope = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The sandbox as fetch sees it: indicative quotes never answer (the form stays as typed); a firm quote is refused with 10101. */
function fakeSandbox(): string[] {
  const seen: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    seen.push(path);
    if (path.endsWith('/institution/quote')) return envelope({ code: 10101, msg: 'Insufficient balance', data: { asset: 'BTC', available: '0.2' } });
    return new Promise<Response>(() => {});
  });
  return seen;
}

function Form({ kind }: { kind: PairKind }) {
  const flow = useQuoteFlow(kind, true, data, CONVERT_CALLS);
  const { t } = useTranslation('convert');
  return (
    <QuoteForm
      kind={kind}
      flow={flow}
      data={data}
      signedIn
      facts={null}
      action={
        <button type="submit" data-testid="convert-get-quote">
          {t('actions.getQuote')}
        </button>
      }
    />
  );
}

const { render } = localeRenderer(resources, 'convert');
afterEach(() => vi.restoreAllMocks());
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {}, saveFile: () => {} }));

async function show(lang: Lang, kind: PairKind): Promise<void> {
  await render(
    <MemoryRouter initialEntries={[`/${lang}/convert/coin`]}>
      <Routes>
        <Route path="/:lang/*" element={<Form kind={kind} />} />
      </Routes>
    </MemoryRouter>,
    lang,
  );
}

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);
const depositLink = () => q<HTMLAnchorElement>('convert-deposit');

describe.each(['en-US', 'zh-HK'] as const)('Go to Deposit on the convert form (%s)', (lang) => {
  const t = resources[lang].convert;

  it('offers the crypto deposit of the coin when the amount is above its balance, and drops it once the amount fits', async () => {
    const seen = fakeSandbox();
    await show(lang, 'coin');
    await userEvent.selectOptions(q('input-fromAsset')!, 'BTC');
    await userEvent.fill(q('input-fromAmount')!, '0.6');
    await expect.poll(() => q('error-fromAmount')?.textContent).toBe(fill(t.errors.insufficient, { available: '0.5', asset: 'BTC' }));
    expect(depositLink()!.textContent).toBe(fill(t.errors.goDepositCoin, { asset: 'BTC' }));
    expect(depositLink()!.getAttribute('href')).toBe(`/${lang}/wallet/recharge/coin/BTC`);
    await userEvent.fill(q('input-fromAmount')!, '0.4');
    await expect.poll(() => q('error-fromAmount')).toBeNull();
    expect(depositLink()).toBeNull();
    expect(seen.filter((p) => p.endsWith('/institution/quote'))).toHaveLength(0);
  });

  it('offers the fiat deposit of a currency above its balance', async () => {
    fakeSandbox();
    await show(lang, 'fiat');
    await userEvent.selectOptions(q('input-fromAsset')!, 'USD');
    await userEvent.fill(q('input-fromAmount')!, '250');
    await expect.poll(() => depositLink()?.getAttribute('href')).toBe(`/${lang}/wallet/recharge/fiat/USD`);
    expect(depositLink()!.textContent).toBe(fill(t.errors.goDepositFiat, { asset: 'USD' }));
  });

  it('offers the deposit when the sandbox refuses the quote for the balance (10101)', async () => {
    const seen = fakeSandbox();
    await show(lang, 'coin');
    await userEvent.selectOptions(q('input-fromAsset')!, 'BTC');
    await userEvent.fill(q('input-fromAmount')!, '0.3');
    expect(depositLink()).toBeNull();
    await userEvent.click(q('convert-get-quote')!);
    await expect.poll(() => q('error-fromAmount')?.textContent).toBe(fill(t.errors.insufficient, { available: '0.2', asset: 'BTC' }));
    expect(seen.filter((p) => p.endsWith('/institution/quote'))).toHaveLength(1);
    expect(depositLink()!.getAttribute('href')).toBe(`/${lang}/wallet/recharge/coin/BTC`);
  });
});
