import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { localeRenderer } from '../../components/testing/render.tsx';
import { ApiError, configureApi } from '../../lib/api/index.ts';
import enAccount from '../../../locales/en-US/account.json';
import enComponents from '../../../locales/en-US/components.json';
import enValidation from '../../../locales/en-US/validation.json';
import enWallet from '../../../locales/en-US/wallet.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import zhComponents from '../../../locales/zh-HK/components.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import zhWallet from '../../../locales/zh-HK/wallet.json';
import { fiatApi, walletApi, type FiatAssetInfo, type SupportedAsset } from './api.ts';
import { WithdrawCoinPage } from './WithdrawCoinPage.tsx';
import { WithdrawFiatPage } from './WithdrawFiatPage.tsx';

// spec §8 "Fee Retrieval Failed" on the withdraw pages, in Chromium and both languages: the coin networks' fees and the
// currencies' bank fees come with the supported assets; when that call fails the page says so and offers a retry, and
// no withdrawal can be submitted until the fee is known; the retry that answers brings the form with the fee.

const resources = {
  'en-US': { account: enAccount, components: enComponents, validation: enValidation, wallet: enWallet },
  'zh-HK': { account: zhAccount, components: zhComponents, validation: zhValidation, wallet: zhWallet },
} as const;
type Lang = keyof typeof resources;

const btc = {
  asset: 'BTC',
  networks: [{ network: 'BTC', label: 'Bitcoin', confirmations: 2, decimals: 8, withdrawFee: '0.0002', withdrawMin: '0.001', withdrawMax: '100', depositMin: '0.0001', memo: false }],
} as SupportedAsset;
const usd = { asset: 'USD', decimals: 2, depositMin: '100', withdrawFee: '25', withdrawMin: '100', withdrawMax: '1000000', dailyLimit: '1000000' } as FiatAssetInfo;
const account = { id: 'F1', asset: 'USD', name: 'Main', bankName: 'HSBC', accountNumber: '123456789', usableAt: '2026-01-01T00:00:00.000Z' };
const down = () => new ApiError({ kind: 'network', message: 'Network error', path: '/account/wallet' });

/** The wallet calls besides the fee's: a balance, an empty address book and records, no limits. */
function quietWallet(): void {
  vi.spyOn(walletApi, 'assets').mockResolvedValue({ accounts: [{ accountType: 1, balances: [{ asset: 'BTC', free: '1', locked: '0' }, { asset: 'USD', free: '5000', locked: '0' }] }] } as never);
  vi.spyOn(walletApi, 'addresses').mockResolvedValue([]);
  vi.spyOn(walletApi, 'coinRecords').mockResolvedValue({ list: [], total: 0 } as never);
  vi.spyOn(walletApi, 'whitelist').mockResolvedValue({ enabled: false, coolingOffUntil: null } as never);
  vi.spyOn(walletApi, 'remaining').mockResolvedValue(null as never);
  vi.spyOn(fiatApi, 'accounts').mockResolvedValue([account] as never);
  vi.spyOn(fiatApi, 'remaining').mockResolvedValue(null as never);
  vi.spyOn(fiatApi, 'records').mockResolvedValue({ list: [], total: 0 } as never);
}

const { render } = localeRenderer(resources, 'wallet');
afterEach(() => vi.restoreAllMocks());
beforeAll(() => configureApi({ getToken: () => 'tok-test-0123456789abcdef', notify: () => {}, saveFile: () => {} }));

async function show(lang: Lang, path: string, route: string, page: ReactNode): Promise<void> {
  await render(
    <MemoryRouter initialEntries={[`/${lang}/${path}`]}>
      <Routes>
        <Route path={`/:lang/${route}`} element={page} />
      </Routes>
    </MemoryRouter>,
    lang,
  );
}

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);

describe.each(['en-US', 'zh-HK'] as const)('Fee Retrieval Failed on the withdraw pages (%s)', (lang) => {
  const t = resources[lang].wallet;

  it('coin: the failed fee call says so, nothing can be submitted, and the retry brings the network fee and the form', async () => {
    quietWallet();
    const supported = vi.spyOn(walletApi, 'supportedAssets').mockRejectedValueOnce(down()).mockResolvedValue([btc]);
    await show(lang, 'wallet/withdraw/coin/BTC', 'wallet/withdraw/coin/:asset', <WithdrawCoinPage />);
    await expect.poll(() => q('fee-failed')?.textContent).toBe(`${t.errors.feeFailed}${t.withdraw.retryFee}`);
    expect(q('withdraw-submit')).toBeNull();
    expect(q('withdraw-fee')).toBeNull();
    await userEvent.click(q('fee-retry')!);
    await expect.poll(() => q('withdraw-fee')?.textContent).toBe('0.0002 BTC');
    expect(q('fee-failed')).toBeNull();
    expect(q<HTMLButtonElement>('withdraw-submit')!.disabled).toBe(false);
    expect(supported).toHaveBeenCalledTimes(2);
  });

  it('fiat: the failed bank fee call says so, nothing can be submitted, and the retry brings the bank fee and the form', async () => {
    quietWallet();
    const assets = vi.spyOn(fiatApi, 'assets').mockRejectedValueOnce(down()).mockResolvedValue([usd]);
    await show(lang, 'wallet/withdraw/fiat/USD', 'wallet/withdraw/fiat/:asset', <WithdrawFiatPage />);
    await expect.poll(() => q('fee-failed')?.textContent).toBe(`${t.errors.feeFailed}${t.withdraw.retryFee}`);
    expect(q('withdraw-submit')).toBeNull();
    await userEvent.click(q('fee-retry')!);
    await expect.poll(() => q('withdraw-fee')?.textContent).toBe(t.units.amount.replace('{{value}}', '25').replace('{{asset}}', 'USD'));
    expect(q('fee-failed')).toBeNull();
    expect(q<HTMLButtonElement>('withdraw-submit')!.disabled).toBe(false);
    expect(assets).toHaveBeenCalledTimes(2);
  });
});
