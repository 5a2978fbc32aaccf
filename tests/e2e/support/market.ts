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
    book: async (market: 'spot' | 'usdm', symbol: string, limit: number, venue = 'binance') =>
      (await (await fetch(`${baseURL}/sim/_control/book?venue=${venue}&market=${market}&symbol=${symbol}&limit=${limit}`)).json()) as {
        lastUpdateId: number;
        bids: [string, string][];
        asks: [string, string][];
      },
    connections: async (venue = 'binance') => (await (await fetch(`${baseURL}/sim/_control/connections?venue=${venue}`)).json()) as unknown,
  };
}

/**
 * The visible levels of one side as drawn, top to bottom: the lines of its price and quantity columns, and
 * whether the line carries the mark of the trader's own open order.
 */
export async function bookLines(page: Page, side: 'bids' | 'asks'): Promise<Array<{ price: string; qty: string; own: boolean }>> {
  const list = page.getByTestId(`book-${side}`);
  if ((await list.locator('[data-col="price"]').count()) === 0) return [];
  const text = async (col: string) => ((await list.locator(`[data-col="${col}"]`).count()) > 0 ? ((await list.locator(`[data-col="${col}"]`).textContent()) ?? '') : '');
  const [prices, qtys, own] = await Promise.all([text('price'), text('qty'), text('own')]);
  const q = qtys.split('\n');
  const o = own.split('\n');
  // (the asks' spare lines at the far end of the list are blank)
  return prices
    .split('\n')
    .map((price, i) => ({ price, qty: q[i] ?? '', own: (o[i] ?? '') !== '' }))
    .filter((line) => line.price !== '');
}

/** Rows of one side as rendered, best first: [price, qty] as numbers. */
export async function renderedSide(page: Page, side: 'bids' | 'asks'): Promise<[number, number][]> {
  const rows = (await bookLines(page, side)).map(({ price, qty }) => [Number(price), Number(qty)] as [number, number]);
  return rows.sort((a, b) => (side === 'bids' ? b[0] - a[0] : a[0] - b[0]));
}

/** Waits until the book's bid side shows levels. */
export async function waitForBook(page: Page, timeout = 30_000): Promise<void> {
  await page.getByTestId('book-bids').locator('[data-col="price"]').waitFor({ timeout });
}

/** Clicks the level shown on line `index` (from the top) of a side; returns the price on that line. */
export async function clickBookLine(page: Page, side: 'bids' | 'asks', index: number): Promise<string> {
  const price = (await bookLines(page, side))[index]?.price;
  if (price === undefined) throw new Error(`no line ${index} in the ${side}`);
  const column = page.getByTestId(`book-${side}`).locator('[data-col="price"]');
  const box = await column.boundingBox();
  if (!box) throw new Error('book column not visible');
  await page.mouse.click(box.x + 20, box.y + index * 20 + 10);
  return price;
}

/** Places an order from the order form and confirms it in the order confirmation (spec §4), waiting for it to close. */
export async function placeOrder(page: Page, o: { side: 'buy' | 'sell'; type: 'limit' | 'market'; price?: string; volume: string }, confirm = 'Confirm'): Promise<void> {
  await page.getByTestId(`order-direction-${o.side}`).click();
  await page.getByTestId(`order-type-${o.type}`).click();
  if (o.price) await page.getByTestId('order-price').fill(o.price);
  await page.getByTestId('order-volume').fill(o.volume);
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  await page.getByTestId('order-confirm').waitFor({ state: 'detached' });
}
