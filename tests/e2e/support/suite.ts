import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { demoUser } from '../../../server/identity/seed.ts';
import type { Authenticator } from './account.ts';
import { axeViolations, launchBrowser } from './browser.ts';
import { bindDemoAuthenticator, ownSandbox, SandboxClient } from './wallet.ts';

export interface SandboxSuite {
  readonly baseURL: string;
  readonly client: SandboxClient;
  readonly browser: Browser;
}

/**
 * A test file's own sandbox (its clock may be moved: ownSandbox) and one browser, started before its tests and
 * closed after them; after every test the ledger's invariants hold (postings sum to zero, nothing negative, no
 * stray hold). The fields are there once the file's beforeAll has run.
 */
export function ownSandboxSuite(options: { demoProject?: boolean } = {}): SandboxSuite {
  let sandbox: { baseURL: string; close: () => Promise<void> } | undefined;
  let client: SandboxClient | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    sandbox = await ownSandbox(inject('distDir'), options);
    client = new SandboxClient(sandbox.baseURL);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });
  afterEach(async () => {
    const check = await client!.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });
  return {
    get baseURL() {
      return sandbox!.baseURL;
    },
    get client() {
      return client!;
    },
    get browser() {
      return browser!;
    },
  };
}

/**
 * ownSandboxSuite for the wallet journeys: before the first test the demo user binds an authenticator (withdrawals
 * need its codes). `signIn` signs the demo user in with a Google code and hands the session to the browser context.
 */
export function demoWalletSuite(): { suite: SandboxSuite; authenticator: () => Authenticator; signIn: (context: BrowserContext) => Promise<string> } {
  const suite = ownSandboxSuite();
  let ga: Authenticator | undefined;
  beforeAll(async () => {
    ga = await bindDemoAuthenticator(suite.client);
  });
  const signIn = async (context: BrowserContext) => {
    const token = await suite.client.login(demoUser.email, demoUser.password, ga!);
    await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
    return token;
  };
  return { suite, authenticator: () => ga!, signIn };
}

/** One browser for the file's tests, launched before them and closed after; `set` hands it on (and may do more). */
export function fileBrowser(set: (browser: Browser) => void | Promise<void>): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await set(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/**
 * This file's own sandbox for files that drive it directly (baseURL): started while the file loads, closed after
 * its tests. No two test files share a sandbox, so they can run side by side and a file that pauses the simulator
 * or moves the clock touches nobody else. Returns its base URL.
 */
export async function fileSandbox(options: { demoProject?: boolean } = {}): Promise<string> {
  const sandbox = await ownSandbox(inject('distDir'), options);
  afterAll(() => sandbox.close());
  return sandbox.baseURL;
}

/**
 * A signed call of the sandbox at `baseURL()` as `token()`, for checks the screen cannot make (what the server holds):
 * the reply's data, or an error for any code but 200.
 */
export function signedApi(baseURL: () => string, token: () => string | Promise<string>) {
  return async <T>(path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> => {
    const response = await fetch(`${baseURL()}/api${path}`, {
      method,
      headers: { source: 'web', 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    });
    const reply = (await response.json()) as { code: number; msg: string; data: T };
    if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
    return reply.data;
  };
}

/** axe-core's WCAG 2.1 AA rules find nothing serious or critical on the page as it is. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // A modal fading in or out (spec §9: 1000 ms, 100 ms delay) blends its colours with the page: axe reads the
  // settled screen, not the animation.
  await page.waitForFunction(
    () =>
      !document.querySelector('.td-modal--leaving') &&
      document.getAnimations().every((a) => a.playState !== 'running' || !((a.effect as KeyframeEffect | null)?.target instanceof Element && (a.effect as KeyframeEffect).target!.closest('.td-modal'))),
    null,
    { timeout: 10_000 },
  );
  const found = await axeViolations(page);
  expect(found, `${name}: ${JSON.stringify(found)}`).toEqual([]);
}
