import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { act } from '../../components/testing/act-environment.ts';
import { host, mountHost, root } from '../../components/testing/host.ts';
import { bookStore, subscriptionId, type BookView } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import '../../styles/theme.css';
import { BOOK_DEPTH } from './book-constants.ts';
import { DepthChart } from './DepthChart.tsx';
import { BTCUSDT_SPOT } from './test-pair.ts';
import './trading.css';
import './trading-panels.css';

const pair = BTCUSDT_SPOT;
const BOOK_ID = subscriptionId({ topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: BOOK_DEPTH, group: 1 });

withMarketBridge();

function setBook(bids: Array<[number, number]>, asks: Array<[number, number]>) {
  const flat = (levels: Array<[number, number]>) => Float64Array.from(levels.flat());
  const view: BookView = { synced: true, lastUpdateId: 1, time: 0, tickSize: '0.01', depth: BOOK_DEPTH, group: 1, bids: flat(bids), asks: flat(asks) };
  act(() => bookStore.setState({ books: { [BOOK_ID]: view } }));
}

const levels = (from: number, step: number, n: number): Array<[number, number]> => Array.from({ length: n }, (_, i) => [from + i * step, 0.25 + (i % 5) * 0.1]);
const axis = () => host.querySelector('[data-testid="depth-chart"]')?.getAttribute('data-y-axis');

describe('DepthChart', () => {
  it('has a Y axis of cumulative amounts (the base asset) beside the depth, following the book', async () => {
    setBook(
      [
        [100, 1],
        [99, 2],
        [98, 3],
      ],
      [
        [101, 1],
        [102, 2],
        [103, 3],
      ],
    );
    mountHost('position: relative; width: min(720px, 100vw); height: 320px;');
    act(() => root?.render(<DepthChart pair={pair} />));
    // mid 100.5, window 98 – 103: 6 BTC a side at most
    await expect.poll(axis).toBe('2|4|6');
    setBook(levels(30000, -0.5, 200), levels(30000.5, 0.5, 200));
    await expect.poll(axis).toBe('20|40|60|80');
  });

  it('looks right at 1440 and 390 px (screenshots under tests/artifacts/)', async () => {
    setBook(levels(67000, -0.5, 300), levels(67000.5, 0.5, 300));
    for (const width of [1440, 390]) {
      await page.viewport(width, 900);
      mountHost(`position: relative; width: ${width > 600 ? 720 : 360}px; height: 320px; margin: 16px;`);
      act(() => root?.render(<DepthChart pair={pair} />));
      await expect.poll(axis).toBeTruthy();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await page.screenshot({ path: `../../../tests/artifacts/depth-chart-${width}.png` });
      act(() => root?.unmount());
      host.remove();
    }
  });
});
