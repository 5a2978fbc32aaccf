import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zhMail from '../../locales/zh-HK/mail.json' with { type: 'json' };
import { TestApi } from './helpers.ts';

// Every mail in the reader's language (spec §1: registration records a preferred language), never a raw key in a
// subject ("Verification code (bindGa)"); a mail to an address with no account yet speaks the page's language.
// Login history and sessions name the device as fields (browser, OS) for the app to word, not as English text.
const password = 'Passw0rd!x';
const chromeWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
const linuxOnly = 'Mozilla/5.0 (X11; Linux x86_64) SomeBrowser/1.0';

interface Mail {
  businessType: string;
  subject: string;
  body: string;
  uuid: string;
  code: string;
}

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api?.close());

async function mails(email: string): Promise<Mail[]> {
  const reply = await api.call<{ list: Mail[] }>('GET', `/_dev/outbox?${new URLSearchParams({ destination: email, channel: 'email', limit: '20' })}`);
  return reply.data.list;
}

/** A registration from a zh-HK page that chose zh-HK as the preferred language. */
async function registerZh(): Promise<string> {
  const email = `zh-${Math.random().toString(36).slice(2, 10)}@firm.test`;
  api.clock.advance(1100);
  const sent = await api.call<{ uuid: string }>('POST', '/institution/email/captcha/noLogin', { body: { email, businessType: 'register' }, headers: { 'accept-language': 'zh-HK' } });
  expect(sent.code).toBe(200);
  const mail = (await mails(email))[0];
  expect(mail?.uuid).toBe(sent.data.uuid);
  const reply = await api.call('POST', '/institution/register', {
    body: {
      firstName: 'Ada', lastName: 'Lovelace', email, emailUuid: sent.data.uuid, emailCode: mail?.code, areaCode: '+852', whatsapp: '+852 61234567',
      telegram: '@ada', preferredLanguage: 'zh-HK', companyName: 'Analytical Engines Ltd', password: api.encrypt(password), confirmPassword: api.encrypt(password), agreement: true,
    },
  });
  expect(reply.code).toBe(200);
  return email;
}

async function login(email: string, userAgent: string): Promise<string> {
  const reply = await api.call<{ token: string }>('POST', '/institution/login', { body: { username: email, password: api.encrypt(password) }, headers: { 'user-agent': userAgent } });
  expect(reply.code).toBe(200);
  return reply.data.token;
}

describe('mail language', () => {
  it("a registration code speaks the page's language, with its purpose in words", async () => {
    const email = await registerZh();
    const code = (await mails(email)).find((m) => m.businessType === 'register');
    expect(code?.subject).toBe('您的驗證碼（註冊帳戶）');
    expect(code?.body).toContain(`您的驗證碼為 ${code?.code}`);

    const other = `en-${Math.random().toString(36).slice(2, 10)}@firm.test`;
    api.clock.advance(1100);
    await api.call('POST', '/institution/email/captcha/noLogin', { body: { email: other, businessType: 'register' }, headers: { 'accept-language': 'en-US' } });
    expect((await mails(other))[0]?.subject).toBe('Your verification code (registration)');
  });

  it("a signed-in user's codes follow the preferred language, and change with it; no subject names a raw key", async () => {
    const email = await registerZh();
    const token = await login(email, chromeWindows);
    api.clock.advance(1100);
    // The page asks in en-US: the account's own preference (zh-HK) still decides.
    expect((await api.call('POST', '/institution/email/captcha', { token, body: { businessType: 'bindGa' }, headers: { 'accept-language': 'en-US' } })).code).toBe(200);
    const zh = (await mails(email))[0];
    expect(zh?.subject).toBe(`您的驗證碼（${zhMail.code.purposes.bindGa}）`);
    expect(zh?.subject).not.toMatch(/bindGa|Verification code/);
    expect(zh?.body).not.toMatch(/[A-Za-z]{4}/);

    const entry = { book: 'coin', asset: 'USDT', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', name: 'Cold' };
    api.clock.advance(1100);
    const add = await api.call('POST', '/institution/email/captcha', { token, body: { businessType: 'addAddress', operation: entry } });
    expect(add.code).toBe(200);
    const operation = (await mails(email))[0];
    expect(operation?.subject).toBe(`您的驗證碼（${zhMail.code.purposes.addAddress}）`);
    expect(operation?.body).toContain('此驗證碼只用於批准：將 ETH 地址 0x52908400098527886E0F7030069857D2E4169EE7（USDT）加入提幣地址簿。');
    expect(operation?.body).toContain('網絡：ETH');
    expect(operation?.body).not.toContain('This code approves');

    expect((await api.call('POST', '/institution/updatePreferredLanguage', { token, body: { preferredLanguage: 'en-US' } })).code).toBe(200);
    api.clock.advance(1100);
    await api.call('POST', '/institution/email/captcha', { token, body: { businessType: 'bindGa' }, headers: { 'accept-language': 'zh-HK' } });
    expect((await mails(email))[0]?.subject).toBe('Your verification code (binding Google Authenticator)');
  });

  it('the new-device alert is in the preferred language and words the device in it', async () => {
    const email = await registerZh();
    await login(email, chromeWindows);
    api.clock.advance(60_000);
    await login(email, firefoxMac);
    const alert = (await mails(email)).find((m) => m.businessType === 'newDeviceLogin');
    expect(alert?.subject).toBe(zhMail.newDevice.subject);
    expect(alert?.body).toContain('裝置：macOS 上的 Firefox');
    expect(alert?.body).toContain('IP 地址：127.0.0.1');
    expect(alert?.body).not.toContain(' on ');
  });
});

describe('device fields', () => {
  it('login history and sessions give browser and OS as fields, null where the User-Agent names none', async () => {
    const email = await registerZh();
    await login(email, chromeWindows);
    api.clock.advance(60_000);
    await login(email, linuxOnly);
    api.clock.advance(60_000);
    const token = await login(email, 'curl/8.0');
    const history = await api.call<{ list: Array<{ browser: string | null; os: string | null; source: string | null }> }>('GET', '/institution/loginInfoList', { token });
    expect(history.data.list.map(({ browser, os }) => ({ browser, os }))).toEqual([
      { browser: null, os: null },
      { browser: null, os: 'Linux' },
      { browser: 'Chrome', os: 'Windows' },
    ]);
    expect(history.data.list[0]?.source).toBe('web');
    const sessions = await api.call<{ list: Array<{ browser: string | null; os: string | null; current: boolean }> }>('GET', '/institution/session/list', { token });
    expect(sessions.data.list.find((s) => s.current)).toMatchObject({ browser: null, os: null });
    expect(sessions.data.list.map((s) => s.os)).toContain('Linux');
  });
});
