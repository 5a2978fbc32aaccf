import { createRequire } from 'node:module';
import { buildSandbox } from '../../../server/app.ts';
import { Authenticator, readCode } from './account.ts';
import { demoUser } from '../../../server/identity/seed.ts';

const require = createRequire(import.meta.url);
const JSEncrypt = require('jsencrypt') as new () => { setPublicKey(key: string): void; encrypt(text: string): string | false };

export interface Reply<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * A sandbox of the test file's own (its clock is moved, which would sign out every other file's users),
 * serving the app the global set-up built, on a free loopback port.
 */
export async function ownSandbox(distDir: string, options: { demoProject?: boolean } = {}): Promise<{ baseURL: string; close: () => Promise<void> }> {
  // The database in memory (PGlite without a data directory): loading the migrated template into a directory on disk
  // took about 3 s of a sandbox's start here, and nothing here restarts the sandbox (tests/api/persistence.test.ts and
  // tests/wallet/crash.test.ts are about what survives a restart). The demo project's seeded year costs seconds per
  // sandbox: only the files that read it ask for it.
  const app = await buildSandbox({ distDir, api: { demoProject: options.demoProject ?? false } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox did not bind');
  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    close: async () => {
      // The app's market core must stay within Binance's request weight: no 429 or 418 while the file ran.
      const state = (await (await fetch(`http://127.0.0.1:${address.port}/sim/_control/state`)).json()) as {
        weights: Record<string, { limit: number; peak: number; rejected: number; banned: number }>;
      };
      await app.close();
      const over = Object.entries(state.weights).filter(([, m]) => m.rejected > 0 || m.banned > 0);
      if (over.length > 0) throw new Error(`the simulator refused the app's REST requests (request weight): ${JSON.stringify(Object.fromEntries(over))}`);
    },
  };
}

/** The provider API over HTTP, as the app calls it, plus the sandbox's dev controls (server/README.md). */
export class SandboxClient {
  /** How far the sandbox clock has been moved ahead (POST /api/_dev/clock/advance). */
  offsetMs = 0;
  private publicKey = '';
  private lastOutboxId = 0;

  constructor(readonly baseURL: string) {}

  async call<T>(method: 'GET' | 'POST', url: string, options: { token?: string; body?: unknown } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { source: 'web' };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseURL}/api${url}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return (await response.json()) as Reply<T>;
  }

  async encrypt(password: string): Promise<string> {
    if (!this.publicKey) this.publicKey = (await this.call<{ publicKey: string }>('GET', '/platformConfiguration/get')).data.publicKey;
    const rsa = new JSEncrypt();
    rsa.setPublicKey(this.publicKey);
    const cipher = rsa.encrypt(password);
    if (cipher === false) throw new Error('RSA encryption failed');
    return cipher;
  }

  async login(email: string, password: string, ga?: Authenticator): Promise<string> {
    const body = { username: email, password: await this.encrypt(password), ...(ga ? { gaCode: await ga.nextCode() } : {}) };
    const reply = await this.call<{ token: string }>('POST', '/institution/login', { body });
    if (reply.code !== 200) throw new Error(`sign-in refused: ${reply.code} ${reply.msg}`);
    return reply.data.token;
  }

  /** Registers a new institution user (no broker rights) with the e-mail code from the outbox. */
  async register(email: string, password: string): Promise<void> {
    await this.advance(1_100); // past the 1 s guard on the sandbox clock
    const sent = await this.call<{ uuid: string }>('POST', '/institution/email/captcha/noLogin', { body: { email, businessType: 'register' } });
    if (sent.code !== 200) throw new Error(`code send refused: ${sent.code} ${sent.msg}`);
    const mail = await this.readCode(email, 'register');
    const reply = await this.call('POST', '/institution/register', {
      body: {
        firstName: 'Mei',
        lastName: 'Chan',
        email,
        emailUuid: sent.data.uuid,
        emailCode: mail.code,
        areaCode: '+852',
        whatsapp: '+852 61234567',
        telegram: '@mei',
        preferredLanguage: 'zh-HK',
        companyName: 'Harbour Capital Ltd',
        password: await this.encrypt(password),
        confirmPassword: await this.encrypt(password),
        agreement: true,
      },
    });
    if (reply.code !== 200) throw new Error(`register refused: ${reply.code} ${reply.msg}`);
  }

  /** A fresh e-mail code of `businessType`, read from the outbox (spec §5: one send per second per address). */
  async emailCode(token: string, email: string, businessType: string): Promise<{ uuid: string; code: string }> {
    await this.advance(1_100); // past the 1 s guard on the sandbox clock, without waiting
    const sent = await this.call<{ uuid: string }>('POST', '/institution/email/captcha', { token, body: { businessType } });
    if (sent.code !== 200) throw new Error(`code send refused: ${sent.code} ${sent.msg}`);
    const mail = await this.readCode(email, businessType);
    return { uuid: sent.data.uuid, code: mail.code };
  }

  /** The newest code of `businessType` for `email` that this client has not read yet. */
  async readCode(email: string, businessType: string): Promise<{ code: string }> {
    const mail = await readCode(this.baseURL, email.toLowerCase(), businessType, this.lastOutboxId);
    this.lastOutboxId = mail.id;
    return mail;
  }

  /** First bind of a Google authenticator with the step-up; returns an authenticator on the sandbox clock. */
  async bindGa(token: string, email: string, password: string): Promise<Authenticator> {
    const info = await this.call<{ secretKey: string }>('GET', '/institution/generateGaInfo', { token });
    const ga = new Authenticator(info.data.secretKey, () => this.offsetMs);
    const mail = await this.emailCode(token, email, 'bindGa');
    const reply = await this.call('POST', '/institution/bindGaInfo', {
      token,
      body: { secretKey: info.data.secretKey, gaCode: await ga.nextCode(), password: await this.encrypt(password), emailUuid: mail.uuid, emailCode: mail.code },
    });
    if (reply.code !== 200) throw new Error(`bindGaInfo refused: ${reply.code} ${reply.msg}`);
    return ga;
  }

  /** Moves the sandbox clock (dev control); sessions idle past 30 minutes end with it. */
  async advance(ms: number): Promise<void> {
    const reply = await this.call('POST', '/_dev/clock/advance', { body: { ms } });
    if (reply.code !== 200) throw new Error(`clock advance refused: ${reply.code} ${reply.msg}`);
    this.offsetMs += ms;
  }

  /** An on-chain deposit of the sandbox chain to `address`. */
  async deposit(address: string, asset: string, amount: string): Promise<{ recordId: string; txHash: string }> {
    const reply = await this.call<{ recordId: string; txHash: string }>('POST', '/_dev/chain/deposit', { body: { address, asset, amount } });
    if (reply.code !== 200) throw new Error(`deposit refused: ${reply.code} ${reply.msg}`);
    return reply.data;
  }

  async balance(token: string, asset: string): Promise<{ free: string; locked: string }> {
    const reply = await this.call<{ accounts: Array<{ accountType: number; balances: Array<{ asset: string; free: string; locked: string }> }> }>('GET', '/user/assets', { token });
    const row = reply.data.accounts.find((a) => a.accountType === 1)?.balances.find((b) => b.asset === asset);
    return { free: row?.free ?? '0', locked: row?.locked ?? '0' };
  }
}

/** Signs the demo user in and binds a Google authenticator to it (withdrawals and address changes need its codes). */
export async function bindDemoAuthenticator(client: SandboxClient): Promise<Authenticator> {
  const token = await client.login(demoUser.email, demoUser.password);
  return client.bindGa(token, demoUser.email, demoUser.password);
}
