import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import enAccount from '../../../../locales/en-US/account.json';
import zhAccount from '../../../../locales/zh-HK/account.json';
import { accountScreenTests, input, q } from '../testing/screen-tests.ts';
import { Refusal, serveApi } from '../testing/serve-api.ts';
import { AntiPhishingSection } from './AntiPhishingSection.tsx';

const harness = accountScreenTests({ api: 'signedIn', publicKey: true });

function api(options: { wrongPassword?: boolean } = {}) {
  return serveApi((path, body) => {
    if (path === '/platformConfiguration/get') return { publicKey: harness.publicKey };
    if (path === '/institution/email/captcha') return { uuid: 'mail-uuid-ap' };
    if (path === '/institution/antiPhishing/set') {
      if (options.wrongPassword) return new Refusal(10030, { errorCount: 1, remainingAttempts: 4 });
      return { antiPhishingCode: body['code'] };
    }
    return null;
  });
}

describe('AntiPhishingSection (the code that heads every e-mail, set with the step-up)', () => {
  it('checks the code and the step-up fields before any call', async () => {
    const calls = api();
    await harness.render(<AntiPhishingSection gaBound onSaved={() => {}} />, 'zh-HK');
    await userEvent.fill(input('code'), 'ab!');
    await userEvent.click(q('anti-phishing-submit')!);
    await expect.poll(() => q('error-code')?.textContent).toBe(zhAccount.safe.antiPhishing.rule);
    expect(q('error-emailCode')?.textContent).toBe(zhAccount.errors.codeNotFetched);
    expect(q('error-gaCode')?.textContent).toBe(zhAccount.errors.gaCodeRequired);
    expect(q('error-password')).not.toBeNull();
    // Too long is refused, not silently cut to 20 (a pasted code must be saved as typed or not at all).
    await userEvent.fill(input('code'), 'A'.repeat(25));
    await userEvent.click(q('anti-phishing-submit')!);
    await expect.poll(() => input('code').value).toBe('A'.repeat(25));
    expect(q('error-code')?.textContent).toBe(zhAccount.safe.antiPhishing.rule);
    expect(calls.some((c) => c.path === '/institution/antiPhishing/set')).toBe(false);
  });

  it('sends the code with the encrypted password, the e-mail code and the Google code', async () => {
    const calls = api();
    const onSaved = vi.fn();
    const view = await harness.render(<AntiPhishingSection gaBound onSaved={onSaved} />, 'en-US');
    expect(view.container.textContent).toContain(enAccount.safe.antiPhishing.explain);
    await userEvent.fill(input('code'), 'Falcon2026');
    await userEvent.fill(input('password'), 'Passw0rd!x');
    await userEvent.click(q('send-emailCode')!);
    await expect.poll(() => calls.some((c) => c.path === '/institution/email/captcha' && c.body['businessType'] === 'antiPhishing')).toBe(true);
    await userEvent.fill(input('emailCode'), '246810');
    await userEvent.fill(input('gaCode'), '135790');
    input('gaCode').focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    expect(onSaved).toHaveBeenCalledWith('Falcon2026');
    const set = calls.find((c) => c.path === '/institution/antiPhishing/set');
    expect(set?.body).toMatchObject({ code: 'Falcon2026', emailUuid: 'mail-uuid-ap', emailCode: '246810', gaCode: '135790' });
    expect(typeof set?.body['password']).toBe('string');
    expect(set?.body['password']).not.toBe('Passw0rd!x');
  });

  it('without a bound authenticator asks for no Google code; a wrong password shows beside the field', async () => {
    const calls = api({ wrongPassword: true });
    await harness.render(<AntiPhishingSection gaBound={false} onSaved={() => {}} />, 'en-US');
    expect(q('input-gaCode')).toBeNull();
    await userEvent.fill(input('code'), 'Falcon2026');
    await userEvent.fill(input('password'), 'Wrong0ne!x');
    await userEvent.click(q('send-emailCode')!);
    await expect.poll(() => calls.some((c) => c.path === '/institution/email/captcha')).toBe(true);
    await userEvent.fill(input('emailCode'), '246810');
    await userEvent.click(q('anti-phishing-submit')!);
    await expect.poll(() => q('error-password')?.textContent ?? '').toContain(enAccount.errors.passwordWrong);
    expect(calls.find((c) => c.path === '/institution/antiPhishing/set')?.body).not.toHaveProperty('gaCode');
  });
});
