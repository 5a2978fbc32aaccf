import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from './browser.ts';
import type { SandboxSuite } from './suite.ts';
import type { Authenticator } from './account.ts';

// The broker manager's e2e helpers (issues 14 and 15): a broker signed in by its token cookie on a page of the
// broker manager at a width, and the check that a page does not scroll sideways.

export interface Broker {
  email: string;
  token: string;
  /** The authenticator bound by `makeChecker`. */
  ga?: Authenticator;
}

/** A new institution user (no broker rights yet), signed in. */
export async function registerBroker(suite: SandboxSuite, prefix: string, password: string): Promise<Broker> {
  const email = `${prefix}-${Date.now().toString(36)}@firm.test`;
  await suite.client.register(email, password);
  return { email, token: await suite.client.login(email, password) };
}

/** A broker manager page (`/en-US/brokerManager/<path>`) in a new context at `width`, signed in as `broker`. */
export async function openBrokerPage(suite: SandboxSuite, broker: Broker, width: number, path: string) {
  const opened = await openPage(suite.browser, { viewport: { width, height: 900 } });
  await opened.context.addCookies([{ name: 'token', value: broker.token, url: suite.baseURL }]);
  await opened.page.goto(`${suite.baseURL}/en-US/brokerManager/${path}`);
  return opened;
}

/** Nothing under `root` reaches past the screen's width, and the page does not scroll sideways; a table's own scrolling region may. */
export async function expectNotWider(page: Page, width: number, root: string, name: string): Promise<void> {
  const wide = await page.evaluate(
    ({ max, selector }) => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll(`${selector} *`))
        .filter((el) => el.getBoundingClientRect().right > max + 1 && !el.closest('.p-datatable-wrapper, .td-table-scroll'))
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className}`),
    }),
    { max: width, selector: root },
  );
  expect(wide.page, `${name}: ${wide.wide.join(', ')}`).toBeLessThanOrEqual(width);
  expect(wide.wide, name).toEqual([]);
}

/** The sandbox clock's moment (a 1 ms move answers it). */
export async function sandboxNow(suite: SandboxSuite): Promise<Date> {
  const reply = await suite.client.call<{ now: string }>('POST', '/_dev/clock/advance', { body: { ms: 1 } });
  return new Date(reply.data.now);
}

/**
 * `member` (a broker user of their own) joins `owner`'s organisation as a member: the owner names them, the
 * confirmation code goes to the member's e-mail (account-manager flow of part 1), the owner confirms with it.
 */
export async function joinMember(suite: SandboxSuite, owner: Broker, member: Broker): Promise<void> {
  const call = <T>(path: string, body: unknown) => suite.client.call<T>('POST', path, { token: owner.token, body });
  expect((await call('/broker/account/submitAccountManager', { email: member.email })).code).toBe(200);
  await suite.client.advance(1_100);
  const sent = await call<{ uuid: string }>('/broker/account/invokeAccountManager', { email: member.email });
  const mail = await suite.client.readCode(member.email, 'brokerManager');
  const joined = await call<{ role: string }>('/broker/account/confirmAccountManager', { email: member.email, emailUuid: sent.data.uuid, emailCode: mail.code });
  expect(joined.data).toMatchObject({ role: 'member' });
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Makes `who` a checker (server/broker/checker.ts): basic and advanced KYC submitted and certified (the sandbox's
 * dev decision) and a Google authenticator bound with the step-up; its codes come from `who.ga` afterwards.
 */
export async function makeChecker(suite: SandboxSuite, who: Broker, password: string): Promise<void> {
  const kinds = { basic: ['businessRegistration', 'directorId'], advanced: ['bankStatement', 'proofOfAddress'] } as const;
  for (const level of ['basic', 'advanced'] as const) {
    const documents = [];
    for (const type of kinds[level]) {
      const bytes = new Uint8Array(20_000).map((_, i) => (i < PNG_HEAD.length ? PNG_HEAD[i]! : (i * 7919) % 251));
      const response = await fetch(`${suite.baseURL}/api/institution/kyc/upload`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${who.token}`, 'content-type': 'image/png' }, body: bytes });
      const uploaded = (await response.json()) as { code: number; data: { fileId: string } };
      expect(uploaded.code).toBe(200);
      documents.push({ type, fileId: uploaded.data.fileId });
    }
    const body = { level, companyName: 'Analytical Engines Ltd', registrationNumber: 'HK-12345678', countryCode: 'HK', documents };
    expect((await suite.client.call('POST', '/institution/kyc/submit', { token: who.token, body })).code).toBe(200);
    expect((await suite.client.call('POST', '/_dev/kyc/decide', { body: { email: who.email, level, decision: 'approve' } })).code).toBe(200);
  }
  who.ga = await suite.client.bindGa(who.token, who.email, password);
}

/** A decision panel's Google code: the checker's authenticator's next code, typed into `input-gaCode`. */
export async function enterGaCode(form: Locator, who: Broker): Promise<void> {
  await form.getByTestId('input-gaCode').fill(await who.ga!.nextCode());
}

/** The first sheet of a downloaded xlsx file, row by row (cell values as ExcelJS reads them: numbers stay numbers). */
export async function xlsxRows(download: Download): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A figure as the screens show it (glossary "Numbers"): cut to its places, thousands separated. */
export function shown(value: string, places: number): string {
  const [whole, fraction] = new Decimal(value).toFixed(places, Decimal.ROUND_DOWN).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}
/** NAV per unit and units at their 8 places (contract/broker-nav.ts); USDT at its 4 display places, with the asset. */
export const formatNav = (value: string) => shown(value, 8);
export const formatUnits = (value: string) => shown(value, 8);
export const usdt = (value: string) => `${shown(value, 4)} USDT`;

/** "1,234.5000 USDT" as a number. */
export const screenAmount = (text: string | null) => new Decimal((text ?? '').replace(/[^\d.-]/g, ''));

/** The performance chart's screen-reader table: day and NAV of every drawn record. */
export async function drawnSeries(page: Page): Promise<Array<{ day: string; nav: string }>> {
  return page
    .getByTestId('chart-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => ({ day: row.querySelector('th')?.textContent ?? '', nav: row.querySelector('td')?.textContent ?? '' })));
}

/** Waits until the performance chart on the page has drawn `points` records. */
export async function chartDrawn(page: Page, points: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-testid="performance-chart"]')?.getAttribute('data-points') === String(n), points, { timeout: 15_000 });
}

/**
 * A form's e-mail code: the clock passes the 1 s send guard, the form's send button (`send-<field>`) is pressed, the
 * code of `businessType` sent to `email` is read from the outbox and typed into `input-<field>`.
 */
export async function enterEmailCode(suite: SandboxSuite, form: Locator, email: string, businessType: string, field = 'emailCode'): Promise<void> {
  await suite.client.advance(1_100);
  await form.getByTestId(`send-${field}`).click();
  const mail = await suite.client.readCode(email, businessType);
  await form.getByTestId(`input-${field}`).fill(mail.code);
}

/** The project form's fields as typed (rates in percent); the app's ProjectTermsForm, which the node project cannot import. */
type ProjectTerms = Record<'name' | 'description' | 'exchangeCode' | 'startDay' | 'endDay' | 'interestRate' | 'performanceFeeRate' | 'minSubscription', string>;

/** Fills the project page's create form (`project-form`) with `terms`; the caller submits it. */
export async function fillProjectForm(form: Locator, terms: ProjectTerms): Promise<void> {
  await form.getByTestId('input-name').fill(terms.name);
  await form.getByTestId('input-description').fill(terms.description);
  await form.getByTestId('input-exchangeCode').selectOption(terms.exchangeCode);
  await form.getByTestId('input-startDay').fill(terms.startDay);
  await form.getByTestId('input-endDay').fill(terms.endDay);
  await form.getByTestId('input-interestRate').fill(terms.interestRate);
  await form.getByTestId('input-performanceFeeRate').fill(terms.performanceFeeRate);
  await form.getByTestId('input-minSubscription').fill(terms.minSubscription);
}

/** On the bill page: presses the decision `action` (initial_review, re_review, pay) and waits for the bill's next state. */
export async function decideBill(page: Page, action: 'initial_review' | 're_review' | 'pay', next: string): Promise<void> {
  await page.getByTestId(`bill-action-${action}`).click();
  await expect.poll(() => page.getByTestId('bill-detail').getAttribute('data-status'), { timeout: 15_000 }).toBe(next);
}
