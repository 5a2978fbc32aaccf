import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import en from '../../locales/en-US/common.json' with { type: 'json' };
import { openPage } from './support/browser.ts';
import { fileBrowser, fileSandbox } from './support/suite.ts';

// spec §8 "Chunk load failure (script or style chunk fails or times out) raises a load error naming the chunk", in
// the production build: a lazy page's style chunk that cannot be fetched fires Vite's vite:preloadError; the app
// (src/main.tsx → src/lib/chunks/preload-error.tsx) reloads once for the build, and when the chunk fails again it
// names it with a reload action above the page (which goes on, unstyled), with no second automatic reload.

const baseURL = await fileSandbox();
let browser: Browser;
fileBrowser((launched) => {
  browser = launched;
});

describe('a style chunk that fails to load', () => {
  it('reloads once, then shows the named load error with its reload action', async () => {
    const index = await (await fetch(`${baseURL}/en-US/home`)).text();
    const entryStyles = new Set([...index.matchAll(/href="([^"]+\.css)"/g)].map((m) => new URL(m[1]!, baseURL).pathname));
    const { page, context } = await openPage(browser);
    try {
      const aborted: string[] = [];
      // Every style chunk but the start-up sheets fails, as after a deployment that removed the old chunks.
      await page.route(/\/assets\/.+\.css$/, async (route) => {
        const path = new URL(route.request().url()).pathname;
        if (entryStyles.has(path)) return route.continue();
        aborted.push(path);
        return route.abort('failed');
      });
      // Document loads, counted as the page's document requests: a reload that starts before the first load's `load`
      // event would otherwise count once.
      let loads = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads += 1;
      });

      await page.goto(`${baseURL}/en-US/home`);
      const view = page.locator('.td-preload-error [data-testid="chunk-error"]');
      await view.waitFor();
      expect(aborted.length).toBeGreaterThan(0);
      expect(await view.locator('h2').textContent()).toBe(en.chunk.errorTitle);
      expect(await view.locator('p').textContent()).toMatch(/^The page module "[\w.-]+" failed to load\. Check your connection and try again\.$/);
      expect(await view.locator('button').textContent()).toBe(en.chunk.retry);
      // Not a blank page and not a second error: the page's script loaded, and it shows below, unstyled.
      await page.locator('#root h1').first().waitFor();
      expect(await page.locator('#root [data-testid="chunk-error"]').count()).toBe(0);
      // One automatic reload (the first load and the reload), remembered for this build in sessionStorage.
      expect(loads).toBe(2);
      expect(await page.evaluate(() => sessionStorage.getItem('td.chunkReloadTried'))).toMatch(/\/assets\/.+\.js$/);

      // The chunk is back: the reload action loads the page with its styles.
      await page.unroute(/\/assets\/.+\.css$/);
      await view.locator('button').click();
      await page.waitForFunction(() => document.readyState === 'complete' && !document.querySelector('.td-preload-error'));
      await page.locator('h1').first().waitFor();
      await expect.poll(() => loads).toBe(3);
    } finally {
      await context.close();
    }
  });
});
