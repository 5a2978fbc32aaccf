import { createRequire } from 'node:module';
import { generate } from 'otplib';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import enAccount from '../../../locales/en-US/account.json' with { type: 'json' };
import zhAccount from '../../../locales/zh-HK/account.json' with { type: 'json' };
import { demoUser } from '../../../server/identity/seed.ts';

// jsencrypt's ES build uses extensionless imports Node cannot load; its CommonJS build runs as is.
const require = createRequire(import.meta.url);
const JSEncrypt = require('jsencrypt') as new () => { setPublicKey(key: string): void; encrypt(text: string): string | false };

/** What the sandbox wrote to its outbox (GET /api/_dev/outbox). */
interface OutboxEntry {
  id: number;
  channel: string;
  destination: string;
  businessType: string;
  code: string;
}

/** A code field's send button once the reply has come: its resend countdown, in either language. */
const COUNTDOWN = new RegExp(`^(${[zhAccount, enAccount].map((l) => l.code.resendIn.replace('{{seconds}}', '\\d+')).join('|')})$`);

/**
 * Waits until the page has the reply to its code request (CodeField starts the resend countdown with it). The sandbox
 * writes the mail before that reply reaches the page, and the page confirms with the reply's id: a code typed and
 * submitted as soon as the mail is read can beat the reply on a slow machine and be refused.
 */
async function waitForCodeSent(send: Locator): Promise<void> {
  await expect.poll(() => send.textContent(), { timeout: 15_000 }).toMatch(COUNTDOWN);
}

/**
 * A CodeField's e-mail code, end to end: presses `scope`'s send button, reads the mail with `read`, waits for the
 * send's reply (waitForCodeSent) and types the code into the field. Returns the mail (its id for the next read).
 */
export async function enterMailedCode<T extends { code: string }>(scope: { getByTestId(testId: string): Locator }, read: () => Promise<T>): Promise<T> {
  const send = scope.getByTestId('send-emailCode');
  await send.click();
  const mail = await read();
  await waitForCodeSent(send);
  await scope.getByTestId('input-emailCode').fill(mail.code);
  return mail;
}

/** The newest code of `businessType` sent to `destination` after `afterId`, polled until it lands. */
export async function readCode(baseURL: string, destination: string, businessType: string, afterId = 0): Promise<OutboxEntry> {
  // Generous: on a loaded 2-core CI machine the page may take several seconds to send the code.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = `${baseURL}/api/_dev/outbox?destination=${encodeURIComponent(destination)}&limit=20`;
    const reply = (await (await fetch(url)).json()) as { code: number; data: { list: OutboxEntry[] } };
    const entry = reply.data.list.find((e) => e.businessType === businessType && e.id > afterId);
    if (entry) return entry;
    if (Date.now() > deadline) {
      const seen = reply.data.list.map((e) => `${e.id}:${e.businessType}`).join(', ') || 'nothing';
      throw new Error(`no ${businessType} code for ${destination} in the outbox after id ${afterId} (it holds ${seen})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * spec §5: a second code to one destination within 1 s is refused, whatever it is for. People are never that
 * quick; tests are. Moves the sandbox clock past the guard instead of waiting (POST /api/_dev/clock/advance).
 */
export async function passRepeatGuard(baseURL: string): Promise<void> {
  const reply = (await (
    await fetch(`${baseURL}/api/_dev/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 1_100 }) })
  ).json()) as { code: number; msg: string };
  if (reply.code !== 200) throw new Error(`clock advance refused: ${reply.code} ${reply.msg}`);
}

/** The text of an image captcha, by its uuid (the sandbox writes captchas to the outbox too). */
export async function readCaptcha(baseURL: string, uuid: string): Promise<string> {
  const reply = (await (await fetch(`${baseURL}/api/_dev/outbox?destination=image&channel=image&limit=200`)).json()) as {
    data: { list: Array<{ uuid: string; code: string }> };
  };
  const entry = reply.data.list.find((e) => e.uuid === uuid);
  if (!entry) throw new Error(`captcha ${uuid} not in the outbox`);
  return entry.code;
}

/** The sandbox's dev control that decides a KYC submission under review. */
export async function decideKyc(baseURL: string, email: string, level: 'basic' | 'advanced', decision: 'approve' | 'reject'): Promise<void> {
  const response = await fetch(`${baseURL}/api/_dev/kyc/decide`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, level, decision }),
  });
  const reply = (await response.json()) as { code: number; msg: string };
  if (reply.code !== 200) throw new Error(`KYC decision refused: ${reply.code} ${reply.msg}`);
}

/**
 * An authenticator for one secret. The server refuses a time step it has already seen (no replay), so
 * each use takes a later step: the next one is accepted early (±1 step of drift), and when even that was
 * used, this waits for the clock to catch up.
 */
export class Authenticator {
  private lastStep = -1;
  /** `offsetMs`: how far the sandbox clock runs ahead of this machine's (its dev clock control moves it). */
  constructor(
    private readonly secret: string,
    private readonly offsetMs: () => number = () => 0,
  ) {}

  async nextCode(): Promise<string> {
    const now = Math.floor((Date.now() + this.offsetMs()) / 30_000);
    const step = Math.max(now, this.lastStep + 1);
    if (step > now + 1) {
      // Wait until `step - 1` is the current step (plus a margin), so `step` is within the drift window.
      await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - (Date.now() + this.offsetMs()) + 1_000));
    }
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * 30 });
  }
}

/** A PNG the validators accept: the real signature and more than 10 KB, sent as it is (spec §5). */
export function documentPng(seed: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const body = Buffer.alloc(24 * 1024, seed);
  return Buffer.concat([signature, body]);
}

/**
 * A real session token of the seeded demo user (README: sign in as it), for tests that need a signed-in
 * browser: the app checks the token with the server at start-up, and a made-up one is signed out (spec §8 401).
 */
export async function demoToken(baseURL: string): Promise<string> {
  const headers = { source: 'web', 'content-type': 'application/json' };
  const config = (await (await fetch(`${baseURL}/api/platformConfiguration/get`, { headers })).json()) as { data: { publicKey: string } };
  const rsa = new JSEncrypt();
  rsa.setPublicKey(config.data.publicKey);
  const password = rsa.encrypt(demoUser.password);
  if (password === false) throw new Error('RSA encryption failed');
  const response = await fetch(`${baseURL}/api/institution/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: demoUser.email, password }),
  });
  const reply = (await response.json()) as { code: number; msg: string; data: { token: string } };
  if (reply.code !== 200) throw new Error(`demo sign-in refused: ${reply.code} ${reply.msg}`);
  return reply.data.token;
}
