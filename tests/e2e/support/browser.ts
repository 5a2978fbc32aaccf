import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.ts';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
}

export interface PageWatch {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far (CSP violations show up here). */
  errors: string[];
}

export async function openPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<PageWatch> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is; returns the serious and critical violations (rule id,
 * impact and the first offending nodes). The script is evaluated through the DevTools protocol, which the
 * page's CSP (no inline script, Trusted Types) does not govern, and it never becomes part of the app.
 */
let axeSource: string | undefined;

export async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Once per document: a page that stays put between checks keeps the axe it was given (half a megabyte to compile).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }));
  });
}
