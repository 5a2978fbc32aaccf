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
