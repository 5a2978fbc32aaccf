import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateChangePassword, validateLogin, validateRegister, validateResetPassword, type RegisterForm } from './forms.ts';
import { type FieldIssue } from '../../components/form/index.ts';

const good: RegisterForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@analytical.co',
  emailCode: '123456',
  areaCode: '+852',
  whatsapp: '+852 9123 4567',
  telegram: '@ada_l',
  preferredLanguage: 'en-US',
  companyName: 'Analytical Engines Ltd',
  password: 'Str0ng!Pass',
  confirmPassword: 'Str0ng!Pass',
  agreement: true,
};

type Tree = { [key: string]: string | Tree };
const locales = Object.fromEntries(
  ['zh-HK', 'en-US'].map((l) => [
    l,
    {
      account: JSON.parse(readFileSync(new URL(`../../../locales/${l}/account.json`, import.meta.url), 'utf8')) as Tree,
      validation: JSON.parse(readFileSync(new URL(`../../../locales/${l}/validation.json`, import.meta.url), 'utf8')) as Tree,
    },
  ]),
) as Record<string, Record<string, Tree>>;

function expectTranslated(issues: Record<string, FieldIssue | undefined>) {
  for (const issue of Object.values(issues)) {
    if (!issue) continue;
    const [ns = '', key = ''] = issue.key.split(':');
    for (const locale of Object.keys(locales)) {
      let node: string | Tree | undefined = locales[locale]?.[ns];
      for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
      expect(typeof node, `${locale} ${issue.key}`).toBe('string');
    }
  }
}

describe('registration form (spec §2 fields, §5 rules)', () => {
  it('accepts a complete, valid form once the code was fetched', () => {
    expect(validateRegister(good, 'uuid-1')).toEqual({});
  });

  it('requires the code to be fetched first, whatever was typed', () => {
    expect(validateRegister(good, null).emailCode?.key).toBe('account:errors.codeNotFetched');
    expect(validateRegister({ ...good, emailCode: '12a456' }, 'u').emailCode?.key).toBe('account:errors.codeFormat');
  });

  it('refuses an unticked agreement, Chinese in the company name, a weak or unmatched password, a bad e-mail', () => {
    const issues = validateRegister(
      { ...good, agreement: false, companyName: '分析機器有限公司', password: 'weakpass', confirmPassword: 'other', email: 'ada@', firstName: ' ' },
      'u',
    );
    expect(issues.agreement?.key).toBe('validation:errors.agreementRequired');
    expect(issues.companyName?.key).toBe('validation:errors.companyNameChinese');
    expect(issues.password?.key).toBe('validation:errors.passwordRule');
    expect(issues.confirmPassword?.key).toBe('validation:errors.passwordsDoNotMatch');
    expect(issues.email?.key).toBe('validation:errors.emailInvalid');
    expect(issues.firstName?.key).toBe('validation:errors.required');
    expect(issues.lastName).toBeUndefined();
    expectTranslated(issues);
  });

  it('treats WhatsApp and Telegram as optional but checks their shape', () => {
    expect(validateRegister({ ...good, whatsapp: '', telegram: '', areaCode: '' }, 'u')).toEqual({});
    const issues = validateRegister({ ...good, whatsapp: 'call me', telegram: 'a b', areaCode: '852852' }, 'u');
    expect(Object.keys(issues).sort()).toEqual(['areaCode', 'telegram', 'whatsapp']);
    expectTranslated(issues);
  });
});

describe('login, change and reset of the password', () => {
  it('asks for the Google code only once pre-login said it is needed', () => {
    const form = { username: 'ada@analytical.co', password: 'x', gaCode: '' };
    expect(validateLogin(form, false)).toEqual({});
    expect(validateLogin(form, true).gaCode?.key).toBe('account:errors.gaCodeRequired');
  });

  it('change: old password and e-mail code required, new differs and matches, Google code when bound (spec §5, §7)', () => {
    const form = { oldPassword: '', newPassword: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass', emailCode: '', gaCode: '' };
    const issues = validateChangePassword(form, 'u', true);
    expect(issues.oldPassword?.key).toBe('validation:errors.oldPasswordRequired');
    expect(issues.emailCode?.key).toBe('validation:errors.emailCodeRequired');
    expect(issues.gaCode?.key).toBe('account:errors.gaCodeRequired');
    expect(validateChangePassword({ ...form, oldPassword: 'a', emailCode: '111111' }, 'u', false)).toEqual({});
    const same = validateChangePassword({ ...form, oldPassword: 'Str0ng!Pass', emailCode: '111111', gaCode: '222222' }, 'u', true);
    expect(same).toEqual({ newPassword: { key: 'account:errors.samePassword' } });
    expectTranslated(issues);
  });

  it('reset by phone checks the number; by e-mail it does not', () => {
    const form = { username: 'ada@analytical.co', type: 'phone' as const, areaCode: 'x', phone: '12', code: '123456', newPassword: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' };
    const issues = validateResetPassword(form, 'u');
    expect(Object.keys(issues).sort()).toEqual(['areaCode', 'phone']);
    expect(validateResetPassword({ ...form, type: 'email' }, 'u')).toEqual({});
    expect(validateResetPassword({ ...form, type: 'email' }, null).code?.key).toBe('account:errors.codeNotFetched');
    expectTranslated(issues);
  });
});
