import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import enAccount from '../../../locales/en-US/account.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import FreezeLinkPage from './FreezeLinkPage.tsx';
import { accountScreenTests, q } from './testing/screen-tests.ts';
import { Refusal, serveApi } from './testing/serve-api.ts';

const harness = accountScreenTests({ api: 'visitor' });
const TOKEN = 'Ab-_0123456789abcdefghijklmnopqrstuvwxyzABC'; // 43 characters of base64url
const route = { path: '/:lang/freeze-account', url: '/en-US/freeze-account' };

/** Opens the page as the mail's link does: the token in the fragment. */
async function openLink(hash: string, lang: 'en-US' | 'zh-HK' = 'en-US') {
  window.history.replaceState(null, '', `${window.location.pathname}${hash}`);
  await harness.render(<FreezeLinkPage />, lang, { ...route, url: `/${lang}/freeze-account` });
}

describe('FreezeLinkPage (the link of the mail about a stranger\'s failed attempts)', () => {
  it('asks first, then freezes with the link\'s token, and takes the token out of the address bar', async () => {
    const calls = serveApi((path) => (path === '/institution/frozenAccountByLink' ? { frozen: true } : null));
    await openLink(`#token=${TOKEN}`, 'zh-HK');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')?.textContent).toBe(zhAccount.freezeLink.title);
    expect(window.location.hash).toBe('');
    expect(calls).toEqual([]);
    await userEvent.click(q('freeze-link-confirm') as HTMLElement);
    await expect.poll(() => q('form-success')?.textContent).toBe(zhAccount.freezeLink.done);
    expect(calls).toEqual([{ path: '/institution/frozenAccountByLink', body: { token: TOKEN } }]);
  });

  it('says a used or expired link is no longer valid', async () => {
    serveApi((path) => (path === '/institution/frozenAccountByLink' ? new Refusal(10004) : null));
    await openLink(`#token=${TOKEN}`);
    await userEvent.click(q('freeze-link-confirm') as HTMLElement);
    await expect.poll(() => q('freeze-link-page')?.textContent).toContain(enAccount.freezeLink.invalid);
    expect(q('freeze-link-confirm')).toBeNull();
  });

  it('offers nothing to confirm without a well-formed token', async () => {
    const calls = serveApi(() => null);
    await openLink('#token=short');
    expect(q('freeze-link-page')?.textContent).toContain(enAccount.freezeLink.invalid);
    expect(q('freeze-link-confirm')).toBeNull();
    expect(calls).toEqual([]);
  });
});
