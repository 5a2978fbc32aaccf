import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/index.ts';
import enAccount from '../../../locales/en-US/account.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import enErrors from '../../../locales/en-US/errors.json';
import enValidation from '../../../locales/en-US/validation.json';
import zhValidation from '../../../locales/zh-HK/validation.json';
import zhErrors from '../../../locales/zh-HK/errors.json';
import { describeError, lockoutMessage, readLockInfo, ServerCode, withdrawBanMessage } from './errors.ts';

let en: TFunction;
let zh: TFunction;

beforeAll(async () => {
  const make = async (lng: string) => {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      resources: { 'en-US': { account: enAccount, errors: enErrors, validation: enValidation }, 'zh-HK': { account: zhAccount, errors: zhErrors, validation: zhValidation } },
      defaultNS: 'account',
      interpolation: { escapeValue: false },
    });
    return instance.t;
  };
  en = await make('en-US');
  zh = await make('zh-HK');
});

const business = (code: number, data: unknown, msg = 'server words') =>
  new ApiError({ kind: 'business', message: msg, msg, code, data, path: '/x' });

describe('account error messages (spec §8)', () => {
  it('renders a lockout with the error count and the wait in days, hours and minutes', () => {
    const data = { reason: 'password', errorCount: 5, lockedUntil: '2030-01-01T00:00:00Z', waitSeconds: 90000, wait: { days: 1, hours: 1, minutes: 0 } };
    const lock = readLockInfo(data);
    expect(lock).not.toBeNull();
    expect(lockoutMessage(en, lock!)).toBe('Wrong password entered 5 times. Sign-in is locked; try again in 1 days 1 hours 0 minutes.');
    expect(describeError(zh, business(ServerCode.locked, { ...data, reason: 'gaCode' })).message).toContain('Google 驗證碼已錯誤 5 次');
    expect(readLockInfo({ reason: 'other' })).toBeNull();
  });

  it('login failure says verification failed, with the attempts left', () => {
    const out = describeError(en, business(ServerCode.loginFailed, { errorCount: 2, remainingAttempts: 3 }));
    // The refusal links to the article on passwords and lockouts (spec §1 help centre, spec §8 lockout messages).
    expect(out).toEqual({ field: null, message: 'Verification failed, please log in again (2 wrong, 3 attempts left)', help: 'security/password-lockouts' });
  });

  it('puts code and field errors beside their field, through the form map', () => {
    expect(describeError(en, business(ServerCode.codeWrong, { channel: 'sms', errorCount: 1, remainingAttempts: 4 }), { smsCode: 'newSmsCode' }).field).toBe('newSmsCode');
    expect(describeError(en, business(ServerCode.codeExpired, { channel: 'email' })).field).toBe('emailCode');
    const bad = new ApiError({ kind: 'business', message: 'x', msg: 'Chinese characters are not allowed', code: 400, data: { field: 'companyName', rule: 'noChinese' }, path: '/r' });
    expect(describeError(zh, bad)).toEqual({ field: 'companyName', message: '公司名稱不可包含中文字元' });
    const unknownRule = new ApiError({ kind: 'business', message: 'x', msg: 'Missing documents: a', code: 400, data: { field: 'documents', rule: 'missingType' }, path: '/k' });
    expect(describeError(en, unknownRule).message).toBe('Missing documents: a');
    const noUuid = new ApiError({ kind: 'business', message: 'x', msg: 'x', code: 400, data: { field: 'emailUuid', rule: 'codeNotFetched' }, path: '/k' });
    expect(describeError(en, noUuid, { emailUuid: 'emailCode' })).toEqual({ field: 'emailCode', message: 'Please get a verification code first' });
    expect(describeError(en, business(ServerCode.repeatRequest, null)).message).toBe('Data is being processed, please click only once');
    expect(describeError(en, new Error('x')).field).toBeNull();
  });

  it('upload quota (10060) names the limit reached and the use of it, in both languages', () => {
    expect(describeError(en, business(ServerCode.uploadQuota, { quota: 'files', limit: 50, used: 50 }))).toEqual({
      field: null,
      message: 'Upload quota reached: 50 of 50 files uploaded today. Please try again tomorrow.',
    });
    expect(describeError(en, business(ServerCode.uploadQuota, { quota: 'bytes', limit: 200 * 1024 * 1024, used: 199.96 * 1024 * 1024 })).message).toBe(
      'Upload quota reached: 200 MB of 200 MB uploaded today. Please try again tomorrow.',
    );
    expect(describeError(zh, business(ServerCode.uploadQuota, { quota: 'inFlight', limit: 2, used: 2 })).message).toBe('已達上傳限額：已有 2 個檔案正在上傳，請待完成後再試。');
    expect(describeError(zh, business(ServerCode.uploadQuota, null)).message).toBe('已達上傳限額');
  });

  it('names the withdrawal restriction reason and end time', () => {
    const text = withdrawBanMessage(en, { reason: 5, createdAt: '2030-01-01T00:00:00Z', until: '2030-01-02T00:00:00Z' }, (iso) => `<${iso}>`);
    expect(text).toBe('Coin and fiat withdrawals are restricted until <2030-01-02T00:00:00Z> (e-mail changed).');
    expect(withdrawBanMessage(zh, { reason: 1, createdAt: '', until: 'T' }, (iso) => iso)).toContain('密碼多次錯誤');
  });
});
