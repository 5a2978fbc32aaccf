import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../api/helpers.ts';

// Issue "account security hardening", new-device alert: a sign-in from a device the account has never signed
// in from mails the owner (time in UTC, IP address, device), so a stolen password used elsewhere is noticed.
const password = 'Passw0rd!x';
const chromeWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const chromeWindowsUpdated =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';
const firefoxMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Mail {
  businessType: string;
  subject: string;
  body: string;
  destination: string;
}

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api?.close());

async function login(email: string, userAgent: string, secret = password): Promise<number> {
  const reply = await api.call('POST', '/institution/login', {
    body: { username: email, password: api.encrypt(secret) },
    headers: { 'user-agent': userAgent },
  });
  return reply.code;
}

async function alerts(email: string): Promise<Mail[]> {
  const reply = await api.call<{ list: Mail[] }>('GET', `/_dev/outbox?${new URLSearchParams({ destination: email, channel: 'email' })}`);
  return reply.data.list.filter((mail) => mail.businessType === 'newDeviceLogin');
}

describe('new-device sign-in alert', () => {
  it('mails the owner at a sign-in from a device never used before, with the time (UTC), IP address and device', async () => {
    const email = await api.register(password);
    expect(await login(email, chromeWindows)).toBe(200);
    // The first sign-in ever: nothing to compare with, no alert.
    expect(await alerts(email)).toEqual([]);
    // The same browser and system after an update: not a new device.
    expect(await login(email, chromeWindowsUpdated)).toBe(200);
    expect(await alerts(email)).toEqual([]);

    api.clock.advance(3 * 60_000);
    const at = new Date(api.clock.now()).toISOString().slice(0, 19).replace('T', ' ');
    expect(await login(email, firefoxMac)).toBe(200);
    const sent = await alerts(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ destination: email, subject: expect.stringMatching(/new device/i) });
    expect(sent[0]?.body).toContain(`Time: ${at} UTC`);
    expect(sent[0]?.body).toContain('IP address: 127.0.0.1');
    expect(sent[0]?.body).toContain('Device: Firefox on macOS');

    // That device is known now: no second alert.
    expect(await login(email, firefoxMac)).toBe(200);
    expect(await alerts(email)).toHaveLength(1);
  });

  it('sends nothing for a failed sign-in, and names the device without echoing the client’s User-Agent', async () => {
    const email = await api.register(password);
    expect(await login(email, chromeWindows)).toBe(200);
    expect(await login(email, firefoxMac, 'Wrong-Pass1')).toBe(10001);
    expect(await alerts(email)).toEqual([]);

    const crafted = '<a href="https://phish.example">Click to keep your account</a>';
    expect(await login(email, crafted)).toBe(200);
    const [mail] = await alerts(email);
    expect(mail?.body).toContain('Device: Unknown device');
    expect(mail?.body).not.toContain('phish.example');
  });
});
