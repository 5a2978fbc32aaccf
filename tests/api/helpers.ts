import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { buildSandbox } from '../../server/app.ts';
import type { ApiOptions } from '../../server/app.ts';
import type { Envelope } from '../../server/platform/envelope.ts';
import { demoUser } from '../../server/identity/seed.ts';

import { encryptFor } from './encrypt.ts';

export { demoUser };

/** A clock the test moves by hand; starts at a fixed, realistic time. */
export class FakeClock {
  t = Date.UTC(2026, 0, 5, 9, 0, 0);
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface Reply<T = unknown> extends Envelope<T> {
  status: number;
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  /** Raw body instead of JSON (with a content-type header of the caller's choice). */
  raw?: BodyInit;
}

/** A sandbox on a loopback port with its own database, driven over real HTTP. */
export class TestApi {
  clock = new FakeClock();
  app!: FastifyInstance;
  base = '';
  publicKey = '';
  dataDir: string | undefined;

  static async start(options: Partial<ApiOptions> & { persistent?: boolean; dataDir?: string } = {}): Promise<TestApi> {
    const api = new TestApi();
    if (options.persistent) api.dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'api-test-'));
    await api.open(options);
    return api;
  }

  async open(options: Partial<ApiOptions> = {}): Promise<void> {
    const { persistent: _persistent, ...apiOptions } = options as ApiOptions & { persistent?: boolean };
    // Without the demo project's seeded year unless a test asks for it (`demoProject: true`): seconds per sandbox.
    this.app = await buildSandbox({ api: { clock: this.clock, demoProject: false, ...apiOptions, ...(this.dataDir ? { dataDir: this.dataDir } : {}) } });
    await this.app.listen({ port: 0, host: '127.0.0.1' });
    this.base = `http://127.0.0.1:${(this.app.server.address() as AddressInfo).port}/api`;
    const config = await this.call<{ publicKey: string }>('GET', '/platformConfiguration/get');
    this.publicKey = config.data.publicKey;
  }

  /** Close the app (and its database) — and with `keepData` reopen it later on the same directory. */
  async close(keepData = false): Promise<void> {
    await this.app.close();
    if (!keepData && this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  async call<T = unknown>(method: string, route: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { source: 'web', 'accept-language': 'en-US', ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.base + route, { method, headers, ...(body !== undefined ? { body } : {}) });
    const envelope = (await response.json()) as Envelope<T>;
    return { status: response.status, ...envelope };
  }

  encrypt(text: string): string {
    return encryptFor(this.publicKey, text);
  }

  async login(username: string, password: string, gaCode?: string): Promise<Reply<{ token: string }>> {
    return this.call('POST', '/institution/login', {
      body: { username, password: this.encrypt(password), ...(gaCode ? { gaCode } : {}) },
    });
  }

  /** A fresh image captcha of a purpose and its text, read from the dev outbox. */
  async captcha(businessType: 'login' | 'verifyUser' = 'login'): Promise<{ captchaUuid: string; captchaCode: string }> {
    const reply = await this.call<{ uuid: string }>('GET', `/institution/image/captcha?businessType=${businessType}`);
    if (reply.code !== 200) throw new Error(`captcha failed: ${JSON.stringify(reply)}`);
    const sent = await this.lastCode('image', 'image');
    if (!sent || sent.uuid !== reply.data.uuid) throw new Error('captcha not in outbox');
    return { captchaUuid: sent.uuid, captchaCode: sent.code };
  }

  /** Login that solves the image captcha when the sandbox asks for it (10040), as a person would. */
  async loginSolving(username: string, password: string, gaCode?: string): Promise<Reply<{ token: string }>> {
    const first = await this.login(username, password, gaCode);
    if (first.code !== 10040) return first;
    return this.call('POST', '/institution/login', {
      body: { username, password: this.encrypt(password), ...(gaCode ? { gaCode } : {}), ...(await this.captcha()) },
    });
  }

  async token(username: string = demoUser.email, password: string = demoUser.password, gaSecret?: string): Promise<string> {
    const reply = await this.login(username, password, gaSecret ? await this.totp(gaSecret) : undefined);
    if (reply.code !== 200) throw new Error(`login failed: ${JSON.stringify(reply)}`);
    return reply.data.token;
  }

  totp(secret: string, offsetSeconds = 0): Promise<string> {
    return generate({ secret, epoch: Math.floor(this.clock.now() / 1000) + offsetSeconds });
  }

  /** Newest outbox entry for a destination (e-mail address or `+852 91234567`). */
  async lastCode(destination: string, channel?: 'email' | 'sms' | 'image'): Promise<{ uuid: string; code: string; businessType: string } | undefined> {
    const query = new URLSearchParams({ destination, limit: '1', ...(channel ? { channel } : {}) });
    const reply = await this.call<{ list: Array<{ uuid: string; code: string; businessType: string }> }>('GET', `/_dev/outbox?${query}`);
    return reply.data.list[0];
  }

  /**
   * Sends an e-mail code (advancing the fake clock past the 1 s guard first) and reads it from the outbox; `operation`
   * is what an addAddress code approves (contract/code-operations.ts).
   */
  async emailCode(businessType: string, token: string | null, email?: string, operation?: object): Promise<{ uuid: string; code: string }> {
    this.clock.advance(1100);
    const reply = token
      ? await this.call<{ uuid: string }>('POST', '/institution/email/captcha', { token, body: { businessType, ...(email ? { email } : {}), ...(operation ? { operation } : {}) } })
      : await this.call<{ uuid: string }>('POST', '/institution/email/captcha/noLogin', { body: { email, businessType } });
    if (reply.code !== 200) throw new Error(`email code failed: ${JSON.stringify(reply)}`);
    const list = await this.call<{ list: Array<{ uuid: string; code: string }> }>('GET', '/_dev/outbox?channel=email&limit=20');
    const found = list.data.list.find((entry) => entry.uuid === reply.data.uuid);
    if (!found) throw new Error('code not in outbox');
    return found;
  }

  async smsCode(areaCode: string, phone: string, username: string, businessType: string): Promise<{ uuid: string; code: string }> {
    this.clock.advance(1100);
    const reply = await this.call<{ uuid: string }>('POST', '/institution/sms/captcha', { body: { areaCode, phone, username, businessType } });
    if (reply.code !== 200) throw new Error(`sms code failed: ${JSON.stringify(reply)}`);
    const sent = await this.lastCode(`${areaCode.startsWith('+') ? areaCode : `+${areaCode}`} ${phone}`, 'sms');
    if (!sent || sent.uuid !== reply.data.uuid) throw new Error('sms not in outbox');
    return sent;
  }

  /** Registers a fresh institution user through the API and returns its e-mail. */
  async register(password = 'Passw0rd!x', email = `user-${Math.random().toString(36).slice(2, 10)}@firm.test`): Promise<string> {
    const code = await this.emailCode('register', null, email);
    const reply = await this.call('POST', '/institution/register', {
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        emailUuid: code.uuid,
        emailCode: code.code,
        areaCode: '+852',
        whatsapp: '+852 61234567',
        telegram: '@ada',
        preferredLanguage: 'en-US',
        companyName: 'Analytical Engines Ltd',
        password: this.encrypt(password),
        confirmPassword: this.encrypt(password),
        agreement: true,
      },
    });
    if (reply.code !== 200) throw new Error(`register failed: ${JSON.stringify(reply)}`);
    return email;
  }
}
