import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from './browser.ts';
import type { SandboxSuite } from './suite.ts';

// The broker manager's e2e helpers (issues 14 and 15): a broker signed in by its token cookie on a page of the
// broker manager at a width, and the check that a page does not scroll sideways.

export interface Broker {
  email: string;
  token: string;
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
