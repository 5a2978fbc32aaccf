import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ApiOptions } from '../../server/app.ts';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from './helpers.ts';
import { bindGaWithStepUp } from './step-up-helpers.ts';

/** What starts a test file's sandbox: a security backend (tests/security/backends.ts) or anything alike. */
export interface SandboxStarter {
  start(options?: Partial<ApiOptions>): Promise<TestApi>;
}

/** A sandbox of the suite's own: started (with `options`) before its first test, closed after its last; `set` hands it to the suite's variable. */
export function sandboxSuite(backend: SandboxStarter, set: (api: TestApi) => unknown, options?: Partial<ApiOptions>, timeout?: number): void {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await backend.start(options);
    await set(api);
  }, timeout);
  afterAll(async () => api?.close());
}

/**
 * A sandbox of the suite's own, signed in as the demo user, closed after the suite; after every test the ledger's
 * invariants must hold (postings sum to zero, nothing negative, no stray hold: server/ledger/README.md). `set`
 * hands the sandbox and the token to the suite's own variables.
 */
export function moneySuite(backend: SandboxStarter, set: (started: { api: TestApi; token: string }) => void, options?: Partial<ApiOptions>): void {
  let sandbox: TestApi | undefined;
  sandboxSuite(
    backend,
    async (api) => {
      sandbox = api;
      set({ api, token: await api.token() });
    },
    options,
    90_000,
  );
  afterEach(async () => {
    await expectLedgerClean(sandbox!);
  });
}

/** The ledger's invariants over every posting of the sandbox (`/_dev/ledger/check`). */
export async function expectLedgerClean(api: Pick<TestApi, 'call'>): Promise<void> {
  const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
  expect(check.data.violations).toEqual([]);
}

/** Client request ids of one test file: unique across runs against one database (the prefix names the file). */
export function requestIds(prefix: string): () => string {
  let requests = 0;
  return () => `${prefix}-${++requests}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The demo user with a Google authenticator bound: the sandbox, the session's token and the authenticator's secret. */
export interface GaSession {
  api: TestApi;
  token: string;
  gaSecret: string;
}

/**
 * moneySuite, and before the first test the demo user binds a Google authenticator through the step-up: `set` gets
 * its secret with the sandbox and the token, and hears of every new sign-in. Returns the calls of the demo user's
 * session: `call` with its token, `ga` a fresh Google code, `jump` the sandbox clock moved (signing in again past
 * the idle timeout), `capital` a capital-account balance.
 */
export function gaMoneySuite(backend: SandboxStarter, set: (started: GaSession) => void, options?: Partial<ApiOptions>) {
  const session = { token: '', gaSecret: '' } as GaSession;
  moneySuite(backend, ({ api, token }) => Object.assign(session, { api, token }), options);
  beforeAll(async () => {
    session.gaSecret = await bindGaWithStepUp(session.api, session.token, demoUser.password);
    set({ ...session });
  }, 90_000);
  return {
    call: <T>(method: 'GET' | 'POST', path: string, body?: unknown) => session.api.call<T>(method, path, { token: session.token, ...(body === undefined ? {} : { body }) }),
    ga: () => nextGaCode(session),
    jump: async (ms: number) => {
      session.api.clock.advance(ms);
      session.token = await tokenAfter(session, ms);
      set({ ...session });
    },
    capital: (asset: string) => capitalBalance(session.api, session.token, asset),
  };
}

/** A fresh code of the session's authenticator: a Google code works once per time step, so each use gets a step of its own. */
export function nextGaCode({ api, gaSecret }: Pick<GaSession, 'api' | 'gaSecret'>): Promise<string> {
  api.clock.advance(31_000);
  return api.totp(gaSecret);
}

/** The session's token after `ms` on the clock: past the 30-minute idle timeout the session is gone, so the demo user signs in again. */
export async function tokenAfter(session: GaSession, ms: number): Promise<string> {
  if (ms < 30 * 60_000) return session.token;
  session.api.clock.advance(31_000);
  return session.api.token(demoUser.email, demoUser.password, session.gaSecret);
}

/** The capital account's balance of `asset` (accountType 1, spec §3) as the session `token` sees it, '0' where it holds none. */
export async function capitalBalance(api: Pick<TestApi, 'call'>, token: string, asset: string): Promise<{ free: string; locked: string }> {
  const reply = await api.call<{ accounts: Array<{ accountType: number; balances: Array<{ asset: string; free: string; locked: string }> }> }>('GET', '/user/assets', { token });
  const row = reply.data.accounts.find((a) => a.accountType === 1)?.balances.find((b) => b.asset === asset);
  return { free: row?.free ?? '0', locked: row?.locked ?? '0' };
}
