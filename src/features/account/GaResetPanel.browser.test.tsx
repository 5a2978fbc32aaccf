import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import enAccount from '../../../locales/en-US/account.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import { GaResetPanel } from './GaResetPanel.tsx';
import { accountScreenTests, input, q } from './testing/screen-tests.ts';
import { serveApi } from './testing/serve-api.ts';

const harness = accountScreenTests({ api: 'visitor', publicKey: true });
afterEach(() => {
  window.localStorage.removeItem('td.gaResetRequestId');
});

describe('GaResetPanel (lost Google authenticator: user name + password + e-mail code → review)', () => {
  it('checks the fields first and sends nothing', async () => {
    const calls = serveApi(() => null);
    await harness.render(<GaResetPanel initialUsername="" onDone={() => {}} />, 'zh-HK');
    expect(q('ga-reset-form')?.textContent).toContain(zhAccount.gaReset.intro.replace('{{hours}}', '48'));
    await userEvent.click(q('ga-reset-submit') as HTMLElement);
    await expect.poll(() => q('error-password')?.textContent).toBe(zhValidation.errors.passwordRequired);
    expect(q('error-username')?.textContent).toBe(zhValidation.errors.emailInvalid);
    expect(q('error-emailCode')?.textContent).toBe(zhAccount.errors.codeNotFetched);
    expect(calls).toEqual([]);
  });

  it('opens a request, shows it under review, then the decision after a refresh', async () => {
    let status = 'review';
    const calls = serveApi((path) => {
      if (path === '/platformConfiguration/get') return { publicKey: harness.publicKey };
      if (path === '/institution/email/captcha/noLogin') return { uuid: 'reset-uuid-1' };
      if (path === '/institution/ga/reset/apply') return { requestId: 'req-0123456789abcdefghij', status: 'review' };
      if (path === '/institution/ga/reset/status') return { requestId: 'req-0123456789abcdefghij', status };
      return null;
    });
    await harness.render(<GaResetPanel initialUsername="ada@firm.test" onDone={() => {}} />, 'en-US');
    await userEvent.fill(input('password'), 'Passw0rd!x');
    await userEvent.click(q('send-emailCode') as HTMLElement);
    await expect.poll(() => calls.find((call) => call.path === '/institution/email/captcha/noLogin')?.body).toEqual({ email: 'ada@firm.test', businessType: 'resetGa' });
    await userEvent.fill(input('emailCode'), '246810');
    await userEvent.click(q('ga-reset-submit') as HTMLElement);
    await expect.poll(() => q('ga-reset-status')?.textContent).toBe(enAccount.gaReset.status.review);
    const apply = calls.find((call) => call.path === '/institution/ga/reset/apply');
    expect(apply?.body).toMatchObject({ username: 'ada@firm.test', emailUuid: 'reset-uuid-1', emailCode: '246810' });
    expect(apply?.body['password']).not.toBe('Passw0rd!x');
    status = 'approved';
    await userEvent.click(q('ga-reset-refresh') as HTMLElement);
    await expect.poll(() => q('ga-reset-status')?.textContent).toBe(enAccount.gaReset.status.approved);
  });

  it('shows a refusal as text (wrong password)', async () => {
    serveApi((path) => {
      if (path === '/platformConfiguration/get') return { publicKey: harness.publicKey };
      if (path === '/institution/email/captcha/noLogin') return { uuid: 'reset-uuid-2' };
      if (path === '/institution/ga/reset/apply') return new Error('verification failed, please log in again');
      return null;
    });
    await harness.render(<GaResetPanel initialUsername="ada@firm.test" onDone={() => {}} />, 'en-US');
    await userEvent.fill(input('password'), 'Wrong#Pass1');
    await userEvent.click(q('send-emailCode') as HTMLElement);
    await expect.poll(() => (q('send-emailCode') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.fill(input('emailCode'), '246810');
    await userEvent.click(q('ga-reset-submit') as HTMLElement);
    await expect.poll(() => q('form-error')?.textContent ?? '').toMatch(/Verification failed/i);
    expect(q('ga-reset-status')).toBeNull();
  });
});
