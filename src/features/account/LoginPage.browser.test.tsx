import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import enAccount from '../../../locales/en-US/account.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import enValidation from '../../../locales/en-US/validation.json';
import LoginPage from './LoginPage.tsx';
import { accountScreenTests, input, q } from './testing/screen-tests.ts';
import { Refusal, serveApi } from './testing/serve-api.ts';

const harness = accountScreenTests({ api: 'visitor', publicKey: true });

const image = (n: number) => `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" data-n="${n}"/>`)}`;

describe('LoginPage: the image captcha after an account\'s first failed sign-ins', () => {
  it('shows the captcha when a failure says the next try needs one, requires an answer, sends it once, and replaces a used one', async () => {
    let captchas = 0;
    let preLogins = 0;
    const calls = serveApi((path, _body, url) => {
      if (path === '/platformConfiguration/get') return { publicKey: harness.publicKey };
      if (path === '/institution/image/captcha') {
        expect(url.searchParams.get('businessType')).toBe('login');
        captchas += 1;
        return { uuid: `captcha-${captchas}`, image: image(captchas) };
      }
      if (path === '/institution/preLogin') {
        preLogins += 1;
        if (preLogins === 1) return new Refusal(10001, { errorCount: 2, remainingAttempts: 3, captchaRequired: true });
        if (preLogins === 2) return new Refusal(10003, { channel: 'image', errorCount: 1, remainingAttempts: 4 });
        return { needGaCode: false, gaBound: false };
      }
      if (path === '/institution/login') return { token: 't'.repeat(43) };
      return null;
    });
    await harness.render(<LoginPage />, 'en-US', { path: '/:lang/login', url: '/en-US/login' });
    expect(q('captcha-image')).toBeNull();
    await userEvent.fill(input('username'), 'ada@firm.test');
    await userEvent.fill(input('password'), 'Wrong-Pass1');
    await userEvent.click(q('login-submit') as HTMLElement);
    // The failure says the next try needs the captcha: the field appears with a sign-in captcha.
    await expect.poll(() => q('captcha-image')?.getAttribute('data-uuid')).toBe('captcha-1');
    expect(calls.find((call) => call.path === '/institution/preLogin')?.body).not.toHaveProperty('captchaUuid');

    // Without an answer nothing is sent.
    await userEvent.fill(input('password'), 'Right-Pass1');
    const before = calls.length;
    await userEvent.click(q('login-submit') as HTMLElement);
    await expect.poll(() => q('error-captchaCode')?.textContent).toBe(enAccount.errors.captchaRequired);
    expect(calls.length).toBe(before);

    // A wrong answer: the message beside the field, and a new image (the server takes a captcha once).
    await userEvent.fill(input('captchaCode'), 'WRONG');
    await userEvent.click(q('login-submit') as HTMLElement);
    await expect.poll(() => q('captcha-image')?.getAttribute('data-uuid')).toBe('captcha-2');
    expect(q('error-captchaCode')?.textContent).toContain(enAccount.errors.codeWrong);
    expect(calls.filter((call) => call.path === '/institution/preLogin')[1]?.body).toMatchObject({ captchaUuid: 'captcha-1', captchaCode: 'WRONG' });

    await userEvent.fill(input('password'), 'Right-Pass1');
    await userEvent.fill(input('captchaCode'), 'AB3CD');
    await userEvent.click(q('login-submit') as HTMLElement);
    await expect.poll(() => calls.some((call) => call.path === '/institution/login')).toBe(true);
    expect(calls.filter((call) => call.path === '/institution/preLogin')[2]?.body).toMatchObject({ captchaUuid: 'captcha-2', captchaCode: 'AB3CD' });
    // The pre-login that passed cleared the failures: the login itself carries no captcha.
    expect(calls.find((call) => call.path === '/institution/login')?.body).not.toHaveProperty('captchaUuid');
  });

  it('asks for the captcha when the server refuses without one (10040), in Chinese', async () => {
    serveApi((path) => {
      if (path === '/platformConfiguration/get') return { publicKey: harness.publicKey };
      if (path === '/institution/image/captcha') return { uuid: 'captcha-x', image: image(0) };
      if (path === '/institution/preLogin') return new Refusal(10040, { field: 'captchaCode' });
      return null;
    });
    await harness.render(<LoginPage />, 'zh-HK', { path: '/:lang/login', url: '/zh-HK/login' });
    await userEvent.fill(input('username'), 'ada@firm.test');
    await userEvent.fill(input('password'), 'Right-Pass1');
    await userEvent.click(q('login-submit') as HTMLElement);
    await expect.poll(() => q('error-captchaCode')?.textContent).toBe(zhAccount.errors.captchaAsked);
    await expect.poll(() => q('captcha-image')?.getAttribute('data-uuid')).toBe('captcha-x');
  });
});

describe('LoginPage: the Google-code step, the expired session and corrected fields', () => {
  it('asks for the Google code as a step (no error, the field focused), then signs in', async () => {
    const calls = serveApi((path) => {
      if (path === '/platformConfiguration/get') return { publicKey: harness.publicKey };
      if (path === '/institution/preLogin') return { needGaCode: true, gaBound: true };
      if (path === '/institution/login') return new Refusal(10001, {});
      return null;
    });
    await harness.render(<LoginPage />, 'zh-HK', { path: '/:lang/login', url: '/zh-HK/login' });
    await userEvent.fill(input('username'), 'ada@firm.test');
    await userEvent.fill(input('password'), 'Right-Pass1');
    await userEvent.click(q('login-submit') as HTMLElement);
    await expect.poll(() => q('login-ga-step')?.textContent).toBe(zhAccount.login.gaStep);
    expect(q('login-ga-step')?.getAttribute('role')).toBe('status');
    // A step, not a mistake: no error beside the field, nothing in an alert, and the field has the focus.
    expect(q('error-gaCode')).toBeNull();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(input('gaCode').getAttribute('aria-invalid')).not.toBe('true');
    await expect.poll(() => document.activeElement).toBe(input('gaCode'));
    // Submitting without the code is then an error, which goes once the code is a valid one.
    await userEvent.click(q('login-submit') as HTMLElement);
    await expect.poll(() => q('error-gaCode')).not.toBeNull();
    await userEvent.fill(input('gaCode'), '12345');
    expect(q('error-gaCode')).not.toBeNull();
    await userEvent.fill(input('gaCode'), '123456');
    await expect.poll(() => q('error-gaCode')).toBeNull();
    expect(calls.filter((call) => call.path === '/institution/login')).toHaveLength(0);
  });

  it('takes the e-mail error away when the address becomes valid', async () => {
    serveApi(() => null);
    await harness.render(<LoginPage />, 'en-US', { path: '/:lang/login', url: '/en-US/login' });
    await userEvent.fill(input('username'), 'not-an-email');
    await userEvent.click(q('login-submit') as HTMLElement);
    await expect.poll(() => q('error-username')?.textContent).toBe(enValidation.errors.emailInvalid);
    expect(q('error-password')?.textContent).toBe(enValidation.errors.passwordRequired);
    await userEvent.fill(input('username'), 'ada@firm.test');
    await expect.poll(() => q('error-username')).toBeNull();
    expect(q('error-password')).not.toBeNull();
  });

  it.each([
    ['en-US', enAccount.login.expired],
    ['zh-HK', zhAccount.login.expired],
  ] as const)('says the session expired when the shell sent the person here after one (%s)', async (lang, text) => {
    serveApi(() => null);
    await harness.render(<LoginPage />, lang, { path: '/:lang/login', url: `/${lang}/login?redirect=%2F${lang}%2Fwallet%2Foverview&expired=1` });
    await expect.poll(() => q('login-expired')?.textContent).toBe(text);
    expect(q('login-expired')?.getAttribute('role')).toBe('status');
  });

  it('shows no such notice on a plain visit', async () => {
    serveApi(() => null);
    await harness.render(<LoginPage />, 'en-US', { path: '/:lang/login', url: '/en-US/login?redirect=%2Fen-US%2Fwallet%2Foverview' });
    await expect.poll(() => q('login-form')).not.toBeNull();
    expect(q('login-expired')).toBeNull();
  });
});

