import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, timeoutKindFor } from './timeouts.ts';

describe('timeoutKindFor (spec §7, §9)', () => {
  it('uses 10 s and 20 s', () => {
    expect(DEFAULT_TIMEOUTS).toEqual({ default: 10_000, security: 20_000, upload: 60_000 });
  });

  it.each([
    '/institution/image/captcha',
    '/institution/email/captcha/noLogin',
    '/institution/email/captcha',
    '/institution/sms/captcha',
    '/institution//email/captcha',
    'institution/sms/captcha?x=1',
    '/institution/updatePwd',
    '/institution/bindPhoneInfo',
    '/institution/updatePhoneInfo',
    '/institution/generateGaInfo',
    '/institution/bindGaInfo',
    '/institution/frozenLatestAccount',
    '/institution/loginInfoList',
    '/institution/preLogin',
    '/institution/login',
  ])('%s is a captcha or security call', (path) => {
    expect(timeoutKindFor(path)).toBe('security');
  });

  it.each(['/user/assets', '/institution/getUserInfo', '/institution/logout', '/broker/project', '/institution/captchaless', '/institution/quote'])(
    '%s uses the default time-out',
    (path) => {
      expect(timeoutKindFor(path)).toBe('default');
    },
  );
});
