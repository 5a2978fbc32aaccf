import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import enAccount from '../../../../locales/en-US/account.json';
import zhAccount from '../../../../locales/zh-HK/account.json';
import zhValidation from '../../../../locales/zh-HK/validation.json';
import { accountScreenTests, input, q } from '../testing/screen-tests.ts';
import { serveApi } from '../testing/serve-api.ts';
import { GaSection } from './GaSection.tsx';

const harness = accountScreenTests({ api: 'signedIn', publicKey: true });

function api() {
  return serveApi((path) => {
    if (path === '/platformConfiguration/get') return { publicKey: harness.publicKey };
    if (path === '/institution/generateGaInfo') return { secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/TD:a%40b.co?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', bound: false };
    if (path === '/institution/email/captcha') return { uuid: 'mail-uuid-1' };
    if (path === '/institution/bindGaInfo') return { bound: true };
    return null;
  });
}

describe('GaSection (binding takes the step-up: password + e-mail code + current code when bound)', () => {
  it('asks for the password and an e-mail code before a first bind, and sends nothing without them', async () => {
    const calls = api();
    const onBound = vi.fn();
    await harness.render(<GaSection bound={false} onBound={onBound} />, 'zh-HK');
    await userEvent.click(q('ga-generate') as HTMLElement);
    await expect.poll(() => q('ga-secret')?.textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(q('ga-step-up')?.textContent).toBe(zhAccount.safe.stepUp);
    expect(q('input-currentGaCode')).toBeNull();
    await userEvent.fill(input('gaCode'), '123456');
    await userEvent.click(q('ga-bind-submit') as HTMLElement);
    await expect.poll(() => q('error-password')?.textContent).toBe(zhValidation.errors.passwordRequired);
    expect(q('error-emailCode')?.textContent).toBe(zhAccount.errors.codeNotFetched);
    expect(calls.some((call) => call.path === '/institution/bindGaInfo')).toBe(false);
    expect(onBound).not.toHaveBeenCalled();
  });

  it('sends the encrypted password, the e-mail code and the new code, and is keyboard-usable', async () => {
    const calls = api();
    const onBound = vi.fn();
    await harness.render(<GaSection bound={false} onBound={onBound} />, 'en-US');
    await userEvent.click(q('ga-generate') as HTMLElement);
    await expect.poll(() => q('ga-secret')).not.toBeNull();
    await userEvent.fill(input('gaCode'), '123456');
    await userEvent.fill(input('password'), 'Passw0rd!x');
    await userEvent.click(q('send-emailCode') as HTMLElement);
    await expect.poll(() => calls.some((call) => call.path === '/institution/email/captcha' && call.body['businessType'] === 'bindGa')).toBe(true);
    await userEvent.fill(input('emailCode'), '654321');
    input('emailCode').focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onBound.mock.calls.length).toBe(1);
    const bind = calls.find((call) => call.path === '/institution/bindGaInfo');
    expect(bind?.body).toMatchObject({ secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', gaCode: '123456', emailUuid: 'mail-uuid-1', emailCode: '654321' });
    expect(typeof bind?.body['password']).toBe('string');
    expect(bind?.body['password']).not.toBe('Passw0rd!x');
    expect(bind?.body).not.toHaveProperty('currentGaCode');
  });

  it('to rebind, also asks for the code of the authenticator bound now', async () => {
    api();
    await harness.render(<GaSection bound onBound={() => {}} />, 'en-US');
    await userEvent.click(q('ga-generate') as HTMLElement);
    await expect.poll(() => q('input-currentGaCode')).not.toBeNull();
    await userEvent.click(q('ga-bind-submit') as HTMLElement);
    await expect.poll(() => q('error-currentGaCode')?.textContent).toBe(enAccount.errors.gaCodeRequired);
  });
});
