import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import zhAccount from '../../../locales/zh-HK/account.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import enValidation from '../../../locales/en-US/validation.json';
import RegisterPage from './RegisterPage.tsx';
import { accountScreenTests, q } from './testing/screen-tests.ts';

const harness = accountScreenTests();

describe('RegisterPage (spec §2 fields, §5 rules)', () => {
  it('shows a translated error beside each bad field and sends nothing', async () => {
    const fetchSpy = vi.spyOn(window, 'fetch');
    await harness.render(<RegisterPage />, 'zh-HK', { path: '/:lang/register', url: '/zh-HK/register' });
    await userEvent.fill(q('input-companyName') as HTMLInputElement, '香港貿易有限公司');
    await userEvent.fill(q('input-password') as HTMLInputElement, 'short');
    await userEvent.click(q('register-submit') as HTMLElement);
    await expect.poll(() => q('error-agreement')?.textContent).toBe(zhValidation.errors.agreementRequired);
    expect(q('error-firstName')?.textContent).toBe(zhValidation.errors.required);
    expect(q('error-email')?.textContent).toBe(zhValidation.errors.emailRequired);
    expect(q('error-emailCode')?.textContent).toBe(zhAccount.errors.codeNotFetched);
    expect(q('error-companyName')?.textContent).toBe(zhValidation.errors.companyNameChinese);
    expect(q('error-password')?.textContent).toBe(zhValidation.errors.passwordRule.replace('{{min}}', '8'));
    expect(q('input-companyName')?.getAttribute('aria-invalid')).toBe('true');
    // Every field of spec §2 is on the form.
    for (const name of ['firstName', 'lastName', 'email', 'emailCode', 'areaCode', 'whatsapp', 'telegram', 'preferredLanguage', 'companyName', 'password', 'confirmPassword', 'agreement']) {
      expect(q(`input-${name}`), name).not.toBeNull();
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('will not send a code to an invalid e-mail', async () => {
    const fetchSpy = vi.spyOn(window, 'fetch');
    await harness.render(<RegisterPage />, 'en-US', { path: '/:lang/register', url: '/en-US/register' });
    await userEvent.fill(q('input-email') as HTMLInputElement, 'not-an-email');
    await userEvent.click(q('send-emailCode') as HTMLElement);
    await expect.poll(() => q('error-emailCode')?.textContent).toBe(enValidation.errors.emailInvalid);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("takes a field's error away as soon as the field is valid, and the confirmation's when the password catches up", async () => {
    await harness.render(<RegisterPage />, 'en-US', { path: '/:lang/register', url: '/en-US/register' });
    await userEvent.fill(q('input-password') as HTMLInputElement, 'short');
    await userEvent.fill(q('input-confirmPassword') as HTMLInputElement, 'Right-Pass1');
    await userEvent.click(q('register-submit') as HTMLElement);
    await expect.poll(() => q('error-firstName')?.textContent).toBe(enValidation.errors.required);
    expect(q('error-password')).not.toBeNull();
    expect(q('error-confirmPassword')?.textContent).toBe(enValidation.errors.passwordsDoNotMatch);

    // Still wrong: the error stays.
    await userEvent.fill(q('input-password') as HTMLInputElement, 'short2');
    expect(q('error-password')).not.toBeNull();
    // Fixed: gone without another submit, and the confirmation (now equal) with it; untouched fields keep theirs.
    await userEvent.fill(q('input-firstName') as HTMLInputElement, 'Ada');
    await expect.poll(() => q('error-firstName')).toBeNull();
    expect(q('input-firstName')?.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.fill(q('input-password') as HTMLInputElement, 'Right-Pass1');
    await expect.poll(() => q('error-password')).toBeNull();
    expect(q('error-confirmPassword')).toBeNull();
    expect(q('error-lastName')?.textContent).toBe(enValidation.errors.required);
  });
});
