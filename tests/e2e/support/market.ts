import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts');

/** Full-page screenshot into tests/artifacts/ (git-ignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/** Start every page of the context in a theme (the app reads `theme` from local storage). */
export async function useTheme(context: BrowserContext, theme: 'dark' | 'light'): Promise<void> {
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

/** The simulator's control plane (server/sim/control.ts). */
export function simControl(baseURL: string) {
  const post = async (route: string, body: unknown = {}) => {
    const response = await fetch(`${baseURL}/sim/_control/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${route}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    post,
    book: async (market: 'spot' | 'usdm', symbol: string, limit: number) =>
      (await (await fetch(`${baseURL}/sim/_control/book?market=${market}&symbol=${symbol}&limit=${limit}`)).json()) as {
        lastUpdateId: number;
        bids: [string, string][];
        asks: [string, string][];
      },
    connections: async () => (await (await fetch(`${baseURL}/sim/_control/connections`)).json()) as unknown,
  };
}

/** Rows of one side as rendered, best first: [price, qty] as numbers. */
export async function renderedSide(page: Page, side: 'bids' | 'asks'): Promise<[number, number][]> {
  const rows = await page.getByTestId(`book-${side}`).locator('[data-price]').evaluateAll((els) =>
    els.map((el) => [Number(el.getAttribute('data-price')), Number(el.getAttribute('data-qty'))] as [number, number]),
  );
  return rows.sort((a, b) => (side === 'bids' ? b[0] - a[0] : a[0] - b[0]));
}
