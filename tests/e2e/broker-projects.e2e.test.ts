import { readFile } from 'node:fs/promises';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hkDay } from '../../contract/broker-projects-rules.ts';
import { unitsFor } from '../../contract/broker-nav.ts';
import zh from '../../locales/zh-HK/broker-project.json' with { type: 'json' };
import { type Broker, enterEmailCode, fillProjectForm, formatNav, formatUnits, openBrokerPage, sandboxNow as nowOf, shown, usdt } from './support/broker.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 15 "Done means", the project screens in real Chromium, own sandbox (its clock runs 30 days of simulated
// trading): a new broker creates a project on the project page, two investors put capital in on the investment page
// (the units shown before submitting are the units the sandbox gives), the clock moves 30 days, the list and the
// detail show the figures the API answers, and a capital decrease is previewed and made with the e-mail code on the
// redeem page. Every page: axe finds nothing serious, nothing is wider than the screen at 390 px. Broker pages are
// always Hong Kong Chinese (spec §1), whatever the URL's prefix says.

const suite = ownSandboxSuite();
/** Waits that include a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;
const PASSWORD = 'Passw0rd!x';
const WIDTHS = [390, 1280, 1440] as const;
const DAY_MS = 86_400_000;

interface Project {
  projectNo: string;
  name: string;
  status: string;
  nav: string;
  units: string;
  netAsset: string;
  interestPayable: string;
  minSubscription: string;
}
interface Holding {
  investorId: string;
  name: string;
  units: string;
  principal: string;
  value: string;
  interestUnsettled: string;
}

const owner: Broker = { email: `projects-${Date.now().toString(36)}@firm.test`, token: '' };
let projectNo = '';
const investors = [
  { name: 'Chan Tai Man', email: `tm.chan-${Date.now().toString(36)}@client.test`, amount: '1000' },
  { name: 'Lee Siu Ling', email: `sl.lee-${Date.now().toString(36)}@client.test`, amount: '2500.5' },
];

const openAs = (width: number, path: string) => openBrokerPage(suite, owner, width, path);
const sandboxNow = () => nowOf(suite);

async function project(): Promise<Project> {
  const reply = await suite.client.call<{ project: Project }>('POST', '/broker/project/queryBrokerProjectInfo', { token: owner.token, body: { projectNo } });
  expect(reply.code).toBe(200);
  return reply.data.project;
}

async function holdings(): Promise<Holding[]> {
  const reply = await suite.client.call<{ list: Holding[] }>('POST', '/broker/project/listCapital', { token: owner.token, body: { projectNo } });
  expect(reply.code).toBe(200);
  return reply.data.list;
}

/** The page does not scroll sideways; a table's own scrolling region may. */
async function expectNarrow(page: Page, width: number, name: string): Promise<void> {
  const wide = await page.evaluate(
    (max) => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('.td-broker-projects *'))
        .filter((el) => el.getBoundingClientRect().right > max + 1 && !el.closest('.p-datatable-wrapper, .td-broker-scroll'))
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className}`),
    }),
    width,
  );
  expect(wide.page, `${name}: ${wide.wide.join(', ')}`).toBeLessThanOrEqual(width);
  expect(wide.wide, name).toEqual([]);
}

/** Axe, the 390 px rule and a screenshot of the page as it is. */
async function check(page: Page, width: number, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.p-datatable-loading-overlay'));
  await expectAccessible(page, `${name} ${width}`);
  await expectNarrow(page, width, `${name} ${width}`);
  await saveScreenshot(page, `broker-${name}-${width}`);
}

/** USDT at its 4 display places (support/broker.ts `shown`). */
const formatAssetAmount = (value: string, _asset: 'USDT') => shown(value, 4);

beforeAll(async () => {
  await suite.client.register(owner.email, PASSWORD);
  owner.token = await suite.client.login(owner.email, PASSWORD);
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: owner.token })).code).toBe(200);
}, 90_000);

describe('broker project pages in Chromium (issue 15)', () => {
  it('a project is created on the project page: bad terms refused beside their fields, then listed in progress with NAV 1', async () => {
    const today = hkDay(await sandboxNow());
    const { page, context, errors } = await openAs(1280, 'project');
    const view = page.getByTestId('broker-project-page');
    await view.waitFor(slow);
    expect(await view.locator('h1').textContent()).toBe(zh.list.title);
    await page.getByTestId('project-create').click();
    const form = page.getByTestId('project-form');
    // Bad terms: refused beside their fields before any call.
    await form.getByTestId('input-name').fill('A');
    await form.getByTestId('input-interestRate').fill('31');
    await form.getByTestId('input-minSubscription').fill('0');
    await form.getByTestId('project-submit').click();
    expect(await form.getByTestId('error-name').textContent()).toBe(zh.errors.name.replace('{{min}}', '2').replace('{{max}}', '40'));
    expect(await form.getByTestId('error-interestRate').textContent()).toBe(zh.errors.rate.replace('{{max}}', '30').replace('{{decimals}}', '2'));
    expect(await form.getByTestId('error-exchangeCode').textContent()).toBe(zh.errors.exchange);
    expect(await form.getByTestId('input-interestRate').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'project form errors');
    await saveScreenshot(page, 'broker-project-form-errors-1280');

    await fillProjectForm(form, { name: 'Harbour Alpha', description: 'USDT futures, market neutral', exchangeCode: 'okx', startDay: today, endDay: addDays(today, 365), interestRate: '5', performanceFeeRate: '20', minSubscription: '100' });
    // By keyboard: Enter in the last field submits the form.
    await form.getByTestId('input-minSubscription').press('Enter');
    await expect.poll(() => page.getByTestId('project-notice').textContent(), slow).toMatch(/P\d{12}/);
    projectNo = /P\d{12}/.exec((await page.getByTestId('project-notice').textContent())!)![0];

    // Listed in the in-progress tab (it starts today, UTC+8), with the figures the API answers.
    expect(await page.getByTestId('project-tab-in_progress').getAttribute('aria-pressed')).toBe('true');
    const row = page.locator('.p-datatable-tbody > tr', { has: page.locator(`[data-project-row="${projectNo}"]`) });
    await row.waitFor(slow);
    const made = await project();
    expect(made).toMatchObject({ status: 'in_progress', units: expect.stringMatching(/^0(\.0+)?$/), minSubscription: expect.stringMatching(/^100(\.0+)?$/) });
    expect(await row.getByTestId('project-nav').textContent()).toBe(formatNav(made.nav));
    expect(await row.getByTestId('project-nav').textContent()).toBe('1.00000000');
    expect(await row.getByTestId('project-status').getAttribute('data-status')).toBe('in_progress');
    expect(await page.getByTestId('project-count-in_progress').textContent()).toContain('1');
    // The lookup store's projectList (GET /broker/project) offers it on the investment page.
    await page.getByTestId('project-increase-link').first().click();
    await page.getByTestId('broker-investment').waitFor(slow);
    await expect.poll(() => page.getByTestId('input-projectNo').inputValue(), slow).toBe(projectNo);
    expect(await page.locator(`[data-testid="input-projectNo"] option[value="${projectNo}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('two investors put capital in: the units shown before submitting are the units the sandbox gives; a duplicate investor and a low amount are refused', async () => {
    const { page, context, errors } = await openAs(1280, `investment?projectNo=${projectNo}`);
    const form = page.getByTestId('increase-form');
    await form.waitFor(slow);
    expect(await page.locator('h1').textContent()).toBe(zh.investment.title);
    await expect.poll(() => form.getByTestId('increase-project-facts').count(), slow).toBe(1);
    for (const [i, investor] of investors.entries()) {
      const nav = (await project()).nav;
      await form.getByTestId('investor-mode-new').check();
      await form.getByTestId('input-investorName').fill(investor.name);
      await form.getByTestId('input-investorEmail').fill(investor.email);
      // Below the minimum subscription: refused beside the amount, before any call.
      await form.getByTestId('input-amount').fill('99.99');
      await form.getByTestId('increase-submit').click();
      expect(await form.getByTestId('error-amount').textContent()).toBe(zh.errors.belowMinimum.replace('{{min}}', '100'));
      await form.getByTestId('input-amount').fill(investor.amount);
      const preview = form.getByTestId('increase-preview');
      const expected = unitsFor(investor.amount, nav).toFixed(8);
      expect(await preview.getAttribute('data-units')).toBe(expected);
      expect(await preview.textContent()).toBe(zh.investment.previewText.replace('{{units}}', formatUnits(expected)).replace('{{nav}}', formatNav(nav)));
      if (i === 0) {
        await expectAccessible(page, 'investment preview');
        await saveScreenshot(page, 'broker-investment-preview-1280');
      }
      // By keyboard: Enter in the amount submits the form.
      await form.getByTestId('input-amount').press('Enter');
      await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toContain(investor.name);
      const held = (await holdings()).find((h) => h.name === investor.name)!;
      expect(new Decimal(held.units).toFixed(8)).toBe(expected);
      expect(await page.getByTestId('form-success').textContent()).toContain(formatUnits(expected));
    }
    // The first investor again, as a new one: the sandbox refuses the e-mail (10461), beside the field, in words.
    await form.getByTestId('investor-mode-new').check();
    await form.getByTestId('input-investorName').fill(investors[0]!.name);
    await form.getByTestId('input-investorEmail').fill(investors[0]!.email);
    await form.getByTestId('input-amount').fill('150');
    await form.getByTestId('increase-submit').click();
    await expect.poll(() => form.getByTestId('error-investorEmail').textContent(), slow).toBe(zh.errors.investorExists);
    // As an existing investor it goes through.
    await form.getByTestId('investor-mode-existing').check();
    const first = (await holdings()).find((h) => h.name === investors[0]!.name)!;
    await form.getByTestId('input-investorId').selectOption(first.investorId);
    await form.getByTestId('increase-submit').click();
    await expect.poll(async () => (await holdings()).find((h) => h.name === investors[0]!.name)!.principal, slow).toMatch(/^1150(\.0+)?$/);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('after 30 days of simulated trading the list and the detail show the figures the API answers', async () => {
    const before = await project();
    await suite.client.advance(30 * DAY_MS);
    // Sessions idle past 30 minutes end with the clock: sign in again.
    owner.token = await suite.client.login(owner.email, PASSWORD);
    const after = await project();
    expect(after.units).toBe(before.units);
    expect(after.nav).not.toBe(before.nav);
    expect(new Decimal(after.interestPayable).gt(0)).toBe(true);

    const { page, context, errors } = await openAs(1280, 'project');
    const row = page.locator('.p-datatable-tbody > tr', { has: page.locator(`[data-project-row="${projectNo}"]`) });
    await row.waitFor(slow);
    expect(await row.getByTestId('project-nav').textContent()).toBe(formatNav(after.nav));
    expect(await row.getByTestId('project-units').textContent()).toBe(formatUnits(after.units));
    expect(await row.getByTestId('project-net-asset').textContent()).toBe(formatAssetAmount(after.netAsset, 'USDT'));

    await row.getByTestId('project-detail-link').click();
    const detail = page.getByTestId('broker-project-detail');
    await detail.waitFor(slow);
    await expect.poll(() => detail.getByTestId('detail-project-no').textContent(), slow).toBe(projectNo);
    expect(await detail.getByTestId('detail-nav').textContent()).toBe(formatNav(after.nav));
    expect(await detail.getByTestId('detail-units').textContent()).toBe(formatUnits(after.units));
    expect(await detail.getByTestId('detail-net-asset').textContent()).toBe(usdt(after.netAsset));
    expect(await detail.getByTestId('detail-interest-payable').textContent()).toBe(usdt(after.interestPayable));
    expect(await detail.getByTestId('detail-interest-rate').textContent()).toBe('5.00%');
    const held = await holdings();
    await expect.poll(() => detail.locator('[data-investor]').count(), slow).toBe(held.length);
    for (const h of held) {
      const line = detail.locator(`[data-investor="${h.investorId}"]`);
      expect(await line.getByTestId('holding-units').textContent()).toBe(formatUnits(h.units));
      expect(await line.getByTestId('holding-principal').textContent()).toBe(formatAssetAmount(h.principal, 'USDT'));
      expect(await line.getByTestId('holding-value').textContent()).toBe(formatAssetAmount(h.value, 'USDT'));
      expect(await line.getByTestId('holding-interest').textContent()).toBe(formatAssetAmount(h.interestUnsettled, 'USDT'));
    }
    expect(await detail.getByTestId('interest-summary').textContent()).toBe(zh.detail.interestTotal.replace('{{amount}}', usdt(after.interestPayable)));
    // The three capital increases, newest first, at the NAV they were made at.
    await expect.poll(() => detail.locator('[data-direction="increase"]').count(), slow).toBe(3);
    // The primary sub-account is listed; a linked one can be chosen only among the empty ones of the same exchange.
    expect(await detail.locator('[data-testid="project-accounts"] tbody tr').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a capital decrease: the preview equals the sandbox\'s, a changed form asks for a new one, and the decrease pays exactly it', async () => {
    const first = (await holdings()).find((h) => h.name === investors[0]!.name)!;
    const { page, context, errors } = await openAs(1280, `redeem?projectNo=${projectNo}`);
    const form = page.getByTestId('redeem-form');
    await form.waitFor(slow);
    expect(await page.locator('h1').textContent()).toBe(zh.redeem.title);
    await expect.poll(() => form.locator(`[data-testid="input-investorId"] option[value="${first.investorId}"]`).count(), slow).toBe(1);
    await form.getByTestId('input-investorId').selectOption(first.investorId);
    await expect.poll(() => form.getByTestId('redeem-holding').textContent(), slow).toContain(formatUnits(first.units));
    // More units than held: refused beside the field, before any call.
    await form.getByTestId('input-quantity').fill(new Decimal(first.units).plus(1).toFixed());
    await form.getByTestId('redeem-preview').click();
    expect(await form.getByTestId('error-quantity').textContent()).toBe(zh.errors.moreThanHeld.replace('{{units}}', new Decimal(first.units).toFixed()));
    await form.getByTestId('input-quantity').fill('400');
    await form.getByTestId('redeem-preview').click();
    const facts = form.getByTestId('redeem-preview-facts');
    await facts.waitFor(slow);
    const expected = await suite.client.call<{ units: string; nav: string; navDay: string | null; amount: string; principalReduced: string; unitsLeft: string }>('POST', '/broker/financing/preDecreaseCapital', {
      token: owner.token,
      body: { projectNo, investorId: first.investorId, units: '400' },
    });
    expect(expected.code).toBe(200);
    expect(await facts.getByTestId('preview-units').textContent()).toBe(formatUnits(expected.data.units));
    expect(await facts.getByTestId('preview-nav').textContent()).toBe(formatNav(expected.data.nav));
    expect(await facts.getByTestId('preview-nav-day').textContent()).toBe(expected.data.navDay ?? '-');
    expect(await facts.getByTestId('preview-amount').textContent()).toBe(usdt(expected.data.amount));
    expect(await facts.getByTestId('preview-principal').textContent()).toBe(usdt(expected.data.principalReduced));
    expect(await facts.getByTestId('preview-units-left').textContent()).toBe(formatUnits(expected.data.unitsLeft));
    await expectAccessible(page, 'redeem preview');
    await saveScreenshot(page, 'broker-redeem-preview-1280');
    // A changed form asks for a new preview before it can be submitted.
    await form.getByTestId('input-quantity').fill('401');
    expect(await form.getByTestId('redeem-stale').textContent()).toBe(zh.redeem.stale);
    expect(await form.getByTestId('redeem-submit').count()).toBe(0);
    await form.getByTestId('input-quantity').fill('400');
    await form.getByTestId('redeem-preview').click();
    await form.getByTestId('redeem-submit').waitFor(slow);
    // Submitting without the e-mail code is refused beside the field.
    await form.getByTestId('redeem-submit').click();
    await expect.poll(() => form.getByTestId('error-emailCode').count(), slow).toBe(1);
    await enterEmailCode(suite, form, owner.email, 'brokerRedeem');
    await form.getByTestId('redeem-submit').click();
    await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toContain(usdt(expected.data.amount));
    const after = (await holdings()).find((h) => h.investorId === first.investorId)!;
    expect(new Decimal(after.units).toFixed(8)).toBe(new Decimal(first.units).minus(400).toFixed(8));
    expect(new Decimal(after.principal).toFixed()).toBe(new Decimal(first.principal).minus(expected.data.principalReduced).toFixed());
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a sub-account is linked to the project and unlinked on the detail page, only when it holds nothing', async () => {
    const made = await suite.client.call<{ brokerAccountId: string; subAccountName: string }>('POST', '/broker/account/insertBrokerAccount', {
      token: owner.token,
      body: { exchangeCode: 'okx', accountType: 'regular', subAccountName: 'okxLinkA', remark: 'link', requestId: 'e2e-projects-link-a' },
    });
    expect(made.code).toBe(200);
    const { page, context, errors } = await openAs(1280, `project-detail/${projectNo}`);
    const detail = page.getByTestId('broker-project-detail');
    await detail.waitFor(slow);
    // It holds its seeded balances: not offered.
    await expect.poll(() => detail.getByTestId('relation-account').isDisabled(), slow).toBe(true);
    expect(await detail.locator(`[data-testid="relation-account"] option[value="${made.data.brokerAccountId}"]`).count()).toBe(0);
    await context.close();

    // Emptied on its exchange (sandbox control), it is offered, linked, and unlinked again; the NAV does not move.
    expect((await suite.client.call('POST', '/_dev/broker/accounts/drain', { body: { brokerAccountId: made.data.brokerAccountId } })).code).toBe(200);
    const nav = (await project()).nav;
    const again = await openAs(1280, `project-detail/${projectNo}`);
    const view = again.page.getByTestId('broker-project-detail');
    await view.waitFor(slow);
    await expect.poll(() => view.locator(`[data-testid="relation-account"] option[value="${made.data.brokerAccountId}"]`).count(), slow).toBe(1);
    await view.getByTestId('relation-account').selectOption(made.data.brokerAccountId);
    await view.getByTestId('relation-link').click();
    await expect.poll(() => view.getByTestId('relation-notice').textContent(), slow).toBe(zh.detail.linked.replace('{{name}}', made.data.subAccountName));
    await expect.poll(() => view.locator('[data-testid="project-accounts"] tbody tr').count(), slow).toBe(2);
    expect(await view.locator(`[data-relation="${made.data.brokerAccountId}"]`).textContent()).toContain(zh.detail.roles.linked);
    expect((await project()).nav).toBe(nav);
    await expectAccessible(again.page, 'project linked account');
    await saveScreenshot(again.page, 'broker-project-linked-1280');
    await view.locator(`[data-relation="${made.data.brokerAccountId}"]`).getByTestId('relation-unlink').click();
    await expect.poll(() => view.getByTestId('relation-notice').textContent(), slow).toBe(zh.detail.unlinked.replace('{{name}}', made.data.subAccountName));
    await expect.poll(() => view.locator('[data-testid="project-accounts"] tbody tr').count(), slow).toBe(1);
    expect(again.errors).toEqual([]);
    expect(errors).toEqual([]);
    await again.context.close();
  }, 120_000);

  it('the documents panel downloads the project\'s NAV statement as a real xlsx with its zero-hour records', async () => {
    const { page, context, errors } = await openAs(1280, `project-detail/${projectNo}`);
    const docs = page.getByTestId('project-documents');
    await docs.waitFor(slow);
    expect(await docs.locator('[data-document]').count()).toBe(4);
    await docs.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'broker-project-documents-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), docs.locator('[data-document="nav"]').getByTestId('broker-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^每日零點記錄-\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(String(sheet.getRow(2).getCell(1).value)).toContain(projectNo);
    expect(String(sheet.getRow(3).getCell(1).value)).toContain('UTC+8');
    const records = await suite.client.call<{ list: Array<{ day: string; nav: string }> }>('POST', '/broker/financingUnit/queryEveryDayZeroRecordList', { token: owner.token, body: { projectNo } });
    const rows = (sheet.getRows(7, sheet.rowCount - 6) ?? []).map((r) => [r.getCell(1).value, r.getCell(7).value]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(records.data.list.map((r) => [r.day, Number(r.nav)]));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it.each(WIDTHS)('%i px: the four project pages in zh-HK, accessible, not wider than the screen', async (width) => {
    const pages = [
      ['project', 'broker-project-page', zh.list.title],
      [`project-detail/${projectNo}`, 'broker-project-detail', `${zh.detail.title} · Harbour Alpha`],
      [`investment?projectNo=${projectNo}`, 'broker-investment', zh.investment.title],
      [`redeem?projectNo=${projectNo}`, 'broker-redeem', zh.redeem.title],
    ] as const;
    const { page, context, errors } = await openAs(width, 'project');
    for (const [path, testId, title] of pages) {
      await page.goto(`${suite.baseURL}/en-US/brokerManager/${path}`);
      const view = page.getByTestId(testId);
      await view.waitFor(slow);
      await expect.poll(() => view.locator('h1').textContent(), slow).toBe(title);
      if (testId === 'broker-project-detail') await view.locator('[data-investor]').first().waitFor(slow);
      await check(page, width, path.split(/[/?]/)[0]!);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
