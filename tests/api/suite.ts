import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ApiOptions } from '../../server/app.ts';
import type { TestApi } from './helpers.ts';

/** What starts a test file's sandbox: a security backend (tests/security/backends.ts) or anything alike. */
export interface SandboxStarter {
  start(options?: Partial<ApiOptions>): Promise<TestApi>;
}

/**
 * A sandbox of the suite's own, signed in as the demo user, closed after the suite; after every test the ledger's
 * invariants must hold (postings sum to zero, nothing negative, no stray hold: server/ledger/README.md). `set`
 * hands the sandbox and the token to the suite's own variables.
 */
export function moneySuite(backend: SandboxStarter, set: (started: { api: TestApi; token: string }) => void, options?: Partial<ApiOptions>): void {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await backend.start(options);
    set({ api, token: await api.token() });
  }, 90_000);
  afterAll(async () => api?.close());
  afterEach(async () => {
    await expectLedgerClean(api!);
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
