import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp, stepUpFactors } from '../api/step-up-helpers.ts';

// Issue "account security hardening", anti-phishing code: a word the user sets heads every e-mail to the
// account's address, so a phishing mail without it stands out; setting it takes the step-up, so a stolen
// session alone cannot set a code a phishing mail would then show.
const password = 'Passw0rd!x';
const firefoxMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Mail {
  uuid: string;
  businessType: string;
  body: string;
}

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api?.close());

async function freshUser(): Promise<{ email: string; token: string }> {
  const email = await api.register(password);
  return { email, token: await api.token(email, password) };
}

const setCode = (token: string, body: Record<string, unknown>) => api.call('POST', '/institution/antiPhishing/set', { token, body });
const codeOf = async (token: string) =>
  (await api.call<{ antiPhishingCode: string | null }>('GET', '/institution/getUserInfo', { token })).data.antiPhishingCode;

async function mails(destination: string, channel = 'email'): Promise<Mail[]> {
  const reply = await api.call<{ list: Mail[] }>('GET', `/_dev/outbox?${new URLSearchParams({ destination, channel, limit: '200' })}`);
  return reply.data.list;
}

async function mailOf(destination: string, uuid: string): Promise<Mail | undefined> {
  return (await mails(destination)).find((mail) => mail.uuid === uuid);
}

describe('anti-phishing code', () => {
  it('is refused without the step-up factors: a session alone, or with a wrong password, sets nothing', async () => {
    const { token } = await freshUser();
    expect(await setCode(token, { code: 'Blue42' })).toMatchObject({ status: 400, data: { field: 'password', rule: 'required' } });
    expect(await setCode(token, { code: 'Blue42', password: api.encrypt(password) })).toMatchObject({
      status: 400,
      data: { field: 'emailCode' },
    });
    const mail = await api.emailCode('antiPhishing', token);
    const wrong = await setCode(token, { code: 'Blue42', password: api.encrypt('Wrong#Pass1'), emailUuid: mail.uuid, emailCode: mail.code });
    expect(wrong).toMatchObject({ code: 10030 });
    // An e-mail code of another purpose does not do.
    const other = await api.emailCode('updatePwd', token);
    const otherPurpose = await setCode(token, { code: 'Blue42', password: api.encrypt(password), emailUuid: other.uuid, emailCode: other.code });
    expect(otherPurpose).toMatchObject({ code: 10004 });
    expect(await codeOf(token)).toBeNull();
    expect((await setCode('x'.repeat(43), { code: 'Blue42' })).status).toBe(401);
  });

  it('needs the current Google code while an authenticator is bound', async () => {
    const { token } = await freshUser();
    const secret = await bindGaWithStepUp(api, token, password);
    api.clock.advance(30_000);
    const factors = await stepUpFactors(api, token, password, 'antiPhishing');
    expect(await setCode(token, { code: 'Blue42', ...factors })).toMatchObject({ status: 400, data: { field: 'gaCode' } });
    expect(await setCode(token, { code: 'Blue42', ...factors, gaCode: await api.totp(secret) })).toMatchObject({ code: 200 });
    expect(await codeOf(token)).toBe('Blue42');
  });

  it('takes 4–20 letters and digits only (400 otherwise, the factors left unused)', async () => {
    const { token } = await freshUser();
    const factors = await stepUpFactors(api, token, password, 'antiPhishing');
    for (const code of ['abc', 'a'.repeat(21), 'ab cd', '<b>hi</b>', 'Straße1', 'Kiwi\u0000', '', null, { a: 'Abcd' }]) {
      expect(await setCode(token, { code, ...factors }), `code ${JSON.stringify(code)}`).toMatchObject({ status: 400, code: 400 });
    }
    expect(await setCode(token, factors)).toMatchObject({ status: 400, data: { field: 'code' } });
    expect(await setCode(token, { code: 'Abcd2025', ...factors })).toMatchObject({ code: 200, data: { antiPhishingCode: 'Abcd2025' } });
  });

  it('heads every later e-mail to the account: codes, password reset, new-device alert, authenticator reset', async () => {
    const { email, token } = await freshUser();
    const before = await api.emailCode('updatePwd', token);
    expect(await setCode(token, { code: 'Kiwi7x', ...(await stepUpFactors(api, token, password, 'antiPhishing')) })).toMatchObject({ code: 200 });
    expect(await codeOf(token)).toBe('Kiwi7x');

    const first = (body: string | undefined) => body?.split('\n')[0];
    // A mail sent before it was set is as it was.
    expect(first((await mailOf(email, before.uuid))?.body)).not.toContain('Anti-phishing');
    // A verification code of a signed-in call.
    const later = await api.emailCode('updatePwd', token);
    expect(first((await mailOf(email, later.uuid))?.body)).toBe('Anti-phishing code: Kiwi7x');
    // A password reset code, asked for without signing in.
    const reset = await api.emailCode('resetPassword', null, email);
    expect(first((await mailOf(email, reset.uuid))?.body)).toBe('Anti-phishing code: Kiwi7x');
    // The new-device alert.
    const signIn = await api.call('POST', '/institution/login', {
      body: { username: email, password: api.encrypt(password) },
      headers: { 'user-agent': firefoxMac },
    });
    expect(signIn.code).toBe(200);
    const alert = (await mails(email)).find((mail) => mail.businessType === 'newDeviceLogin');
    expect(first(alert?.body)).toBe('Anti-phishing code: Kiwi7x');
    expect(alert?.body).toContain('Device: Firefox on macOS');
    // The authenticator reset notice.
    await bindGaWithStepUp(api, token, password);
    const resetGa = await api.emailCode('resetGa', null, email);
    const apply = await api.call('POST', '/institution/ga/reset/apply', {
      body: { username: email, password: api.encrypt(password), emailUuid: resetGa.uuid, emailCode: resetGa.code },
    });
    expect(apply.code).toBe(200);
    const notice = (await mails(email)).find((mail) => mail.businessType === 'gaResetRequested');
    expect(first(notice?.body)).toBe('Anti-phishing code: Kiwi7x');
  });

  it('is not sent to an address that is not yet the account’s, nor in mails of other users', async () => {
    const { token } = await freshUser();
    expect(await setCode(token, { code: 'Plum99', ...(await stepUpFactors(api, token, password, 'antiPhishing')) })).toMatchObject({ code: 200 });
    const newAddress = `new-${Math.random().toString(36).slice(2, 8)}@firm.test`;
    const toNew = await api.emailCode('updateEmailNew', token, newAddress);
    expect((await mailOf(newAddress, toNew.uuid))?.body).not.toContain('Plum99');

    const other = await freshUser();
    const mail = await api.emailCode('updatePwd', other.token);
    expect((await mailOf(other.email, mail.uuid))?.body).not.toContain('Anti-phishing');
  });
});
