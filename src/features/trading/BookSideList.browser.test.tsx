import { createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '../../components/testing/act-environment.ts';
import { rgbOf, shoot } from '../../components/testing/pixels.ts';
import '../../styles/theme.css';
import './trading.css';
import './trading-panels.css';
import { BOOK_ROW_HEIGHT, BookSideList, type BookSideHandle, type BookSideListProps } from './BookSideList.tsx';
import { cumulative, FlashTracker } from './book-rows.ts';
import { COPY_MS } from './row-painter.ts';

let root: Root | undefined;
let host: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
  host = undefined;
});

/** Bids best first: 100.00 down by 0.5, quantities 1, 2, 3, … */
function bids(n: number): Float64Array {
  const out = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    out[i * 2] = 100 - i * 0.5;
    out[i * 2 + 1] = i + 1;
  }
  return out;
}

function props(levels: Float64Array, overrides: Partial<BookSideListProps> = {}): BookSideListProps {
  const totals = cumulative(levels, 3, new Float64Array(0));
  const tracker = new FlashTracker();
  tracker.update(levels);
  return {
    side: 'bid',
    levels,
    totals,
    barScale: totals[4] as number, // the fifth level's total fills a bar
    priceDigits: 2,
    amountDigits: 3,
    tracker,
    reversed: false,
    resetKey: 'k',
    label: 'Bids',
    columns: ['Price', 'Amount', 'Total'],
    onPick: () => undefined,
    own: new Set<string>(),
    ownLabel: 'Your open orders',
    ownMark: '●',
    ...overrides,
  };
}

function mount(p: BookSideListProps): HTMLElement {
  host = document.createElement('div');
  host.style.cssText = 'width: 360px; height: 200px; display: flex; flex-direction: column;';
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<BookSideList {...p} />));
  return host;
}

const column = (el: HTMLElement, name: string) => (el.querySelector(`[data-col="${name}"]`)?.textContent ?? '').split('\n');

/** The page's background, where a list draws nothing. */
function background(): [number, number, number] {
  const color = getComputedStyle(document.body).backgroundColor;
  return color === 'rgba(0, 0, 0, 0)' ? [255, 255, 255] : rgbOf(color);
}

/**
 * Whether the rows window shows anything but the background at CSS (x, y): its canvas is drawn by the list painter's
 * worker (row-painter.ts), so it is read from a screenshot.
 */
async function drawnAt(el: HTMLElement, x: number, y: number): Promise<boolean> {
  const win = el.querySelector('.td-rows-window') as HTMLElement;
  return (await shoot(win)).inked(x, y, background());
}

/** Whether the first line's price shows (the canvas has been drawn): ink in its box. */
async function firstPriceDrawn(el: HTMLElement): Promise<boolean> {
  const shot = await shoot(el.querySelector('.td-rows-window') as HTMLElement);
  for (let x = 12; x < 50; x++) for (let y = 4; y < 16; y++) if (shot.inked(x, y, background())) return true;
  return false;
}

/** The lines of `column` once the document's copy has caught up with the canvas (at most COPY_MS after a tick). */
const copied = { timeout: COPY_MS * 3 };

describe('BookSideList', () => {
  it('shows the visible levels as lines of price, amount and cumulative total, best first', async () => {
    const el = mount(props(bids(50)));
    await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
    expect(column(el, 'price').slice(0, 3)).toEqual(['100.00', '99.50', '99.00']);
    expect(column(el, 'qty').slice(0, 3)).toEqual(['1.000', '2.000', '3.000']);
    expect(column(el, 'total').slice(0, 3)).toEqual(['1.000', '3.000', '6.000']);
    // Virtualised: a 200 px list shows about ten rows of 20 px, not all fifty.
    expect(column(el, 'price').length).toBeLessThan(20);
    expect(el.querySelector('[data-testid="book-bids"]')?.getAttribute('data-count')).toBe('50');
  });

  it('runs the asks in reverse, best level at the bottom of the list', async () => {
    const asks = new Float64Array([101, 1, 101.5, 2, 102, 3]);
    const el = mount(props(asks, { side: 'ask', reversed: true, label: 'Asks' }));
    // Three levels in a block of 50 lines: the spare lines are blank, at the far (top) end.
    await vi.waitFor(() => expect(column(el, 'price').slice(-3)).toEqual(['102.00', '101.50', '101.00']));
    expect(column(el, 'total').slice(-3)).toEqual(['6.000', '3.000', '1.000']);
    expect(column(el, 'price').slice(0, -3).every((line) => line === '')).toBe(true);
  });

  it('keeps the asks pinned to the best ask when the list shrinks or the level count changes, until the trader scrolls up', async () => {
    const asks = (n: number) => {
      const out = new Float64Array(n * 2);
      for (let i = 0; i < n; i++) {
        out[i * 2] = 101 + i * 0.5;
        out[i * 2 + 1] = 1;
      }
      return out;
    };
    const askProps = (n: number) => props(asks(n), { side: 'ask', reversed: true, label: 'Asks' });
    const el = mount(askProps(50));
    const scroller = el.querySelector('[data-testid="book-asks"]') as HTMLElement;
    const atBottom = () => scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
    const lastLine = () => column(el, 'price').at(-1);
    await vi.waitFor(() => expect(atBottom() && lastLine() === '101.00').toBe(true));

    el.style.height = '120px'; // the panel gets shorter (something above it grew)
    await vi.waitFor(() => expect(scroller.clientHeight).toBeLessThan(150));
    await vi.waitFor(() => expect(atBottom() && lastLine() === '101.00').toBe(true));

    act(() => root?.render(<BookSideList {...askProps(80)} />)); // more levels (a grouped book varies)
    await vi.waitFor(() => expect(atBottom() && lastLine() === '101.00').toBe(true));
    // A level more or less within the same block of lines moves nothing.
    const top = scroller.scrollTop;
    act(() => root?.render(<BookSideList {...askProps(79)} />));
    expect(scroller.scrollTop).toBe(top);
    expect(atBottom() && lastLine() === '101.00').toBe(true);

    scroller.scrollTop = 0; // the trader scrolls up to the far asks
    scroller.dispatchEvent(new Event('scroll'));
    act(() => root?.render(<BookSideList {...askProps(120)} />)); // a block more: not pinned, so no jump
    await vi.waitFor(() => expect(scroller.scrollHeight).toBe(150 * BOOK_ROW_HEIGHT));
    expect(scroller.scrollTop).toBe(0);
    expect(atBottom()).toBe(false);
  });

  it("marks the lines of the trader's open orders, and shows no mark column without any", async () => {
    const el = mount(props(bids(50), { own: new Set(['99.50', '98.00']) }));
    await vi.waitFor(() => expect(column(el, 'own').slice(0, 5)).toEqual(['', '●', '', '', '●']));
    act(() => root?.render(<BookSideList {...props(bids(50))} />));
    expect(el.querySelector('[data-col="own"]')).toBeNull();
  });

  it('picks the price of the clicked line', async () => {
    const onPick = vi.fn();
    const el = mount(props(bids(50), { onPick }));
    await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
    const win = el.querySelector('.td-rows-window') as HTMLElement;
    const box = win.getBoundingClientRect();
    win.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left + 30, clientY: box.top + 2 * BOOK_ROW_HEIGHT + 5 }));
    expect(onPick).toHaveBeenCalledWith('99.00', 'bid');
  });

  it('draws depth bars from the right in proportion to the cumulative total', async () => {
    const el = mount(props(bids(50)));
    await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
    const width = (el.querySelector('canvas') as HTMLCanvasElement).clientWidth;
    const mid = (row: number) => row * BOOK_ROW_HEIGHT + BOOK_ROW_HEIGHT / 2;
    // Row 0: total 1 of 15 (about 7 % of the width); row 4 and below fill the whole row. (The canvas is
    // first drawn once its width is observed, in the painter's worker.) x = 2 and width - 2 are in the
    // window's padding, where no text is drawn.
    await vi.waitFor(async () => expect(await drawnAt(el, width - 2, mid(0))).toBe(true));
    expect(await drawnAt(el, width * 0.5, mid(0))).toBe(false);
    expect(await drawnAt(el, 2, mid(4))).toBe(true);
    expect(await drawnAt(el, 2, mid(6))).toBe(true);
  });

  it('highlights the levels that changed in the latest snapshot', async () => {
    const first = bids(50);
    const p = props(first);
    const el = mount({ ...p, barScale: 1e9 }); // bars too small to see: only the flash is drawn
    await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
    // drawn once its width is observed: the first line's price shows
    await vi.waitFor(async () => expect(await firstPriceDrawn(el)).toBe(true));
    expect(await drawnAt(el, 5, 2 * BOOK_ROW_HEIGHT + 10)).toBe(false);
    const next = first.slice();
    next[2 * 2 + 1] = 9; // the third level's quantity changes
    p.tracker.update(next);
    act(() => root?.render(<BookSideList {...p} levels={next} totals={cumulative(next, 3, new Float64Array(0))} barScale={1e9} />));
    expect(column(el, 'qty')[2]).toBe('9.000');
    await vi.waitFor(async () => expect(await drawnAt(el, 5, 2 * BOOK_ROW_HEIGHT + 10)).toBe(true));
    expect(await drawnAt(el, 5, 1 * BOOK_ROW_HEIGHT + 10)).toBe(false);
  });

  it('draws the lines on its canvas, the text columns a transparent copy at the same places', async () => {
    const el = mount(props(bids(50), { barScale: 1e9 }));
    await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
    const win = el.querySelector('.td-rows-window') as HTMLElement;
    const price = el.querySelector('[data-col="price"]') as HTMLElement;
    expect(getComputedStyle(price).color).toBe('rgba(0, 0, 0, 0)');
    // The copy's first price spans the same pixels the canvas draws it on: ink there, none beyond it on the line.
    const range = document.createRange();
    range.setStart(price.firstChild as Text, 0);
    range.setEnd(price.firstChild as Text, '100.00'.length);
    const box = range.getBoundingClientRect();
    const left = box.left - win.getBoundingClientRect().left;
    await vi.waitFor(async () => expect(await firstPriceDrawn(el)).toBe(true));
    expect((el.querySelector('canvas') as HTMLCanvasElement).dataset['painter']).toBe('worker'); // drawn off the main thread
    const shot = await shoot(win);
    let ink = 0;
    for (let x = Math.floor(left); x < left + box.width; x++) for (let y = 4; y < 16; y++) if (shot.inked(x, y, background())) ink++;
    expect(ink).toBeGreaterThan(10);
    for (let x = Math.ceil(left + box.width) + 3; x < left + box.width + 40; x++) for (let y = 0; y < 20; y++) expect(shot.inked(x, y, background())).toBe(false);
  });

  describe('with a live handle (the order book hands it each tick after its own commit)', () => {
    /** The same 50 bids shifted down by `by` in price, with quantities times 10. */
    const shifted = (by: number) => {
      const out = bids(50);
      for (let i = 0; i < 50; i++) {
        out[i * 2] = (out[i * 2] as number) - by;
        out[i * 2 + 1] = (out[i * 2 + 1] as number) * 10;
      }
      return out;
    };
    const dataOf = (levels: Float64Array) => {
      const { totals, barScale, tracker } = props(levels);
      return { levels, totals, barScale, tracker };
    };

    it('shows a tick given to update: its lines, bars and the price a click picks', async () => {
      const live = createRef<BookSideHandle>();
      const onPick = vi.fn();
      const el = mount(props(bids(50), { live, onPick, barScale: 1e9 })); // no bars to begin with
      await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
      await vi.waitFor(async () => expect(await firstPriceDrawn(el)).toBe(true)); // drawn: the first price shows
      expect(await drawnAt(el, 2, 6 * BOOK_ROW_HEIGHT + 10)).toBe(false);

      act(() => live.current?.update(dataOf(shifted(10))));
      // A click picks the line the canvas shows at once, before the document's copy catches up.
      const win = el.querySelector('.td-rows-window') as HTMLElement;
      const box = win.getBoundingClientRect();
      win.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left + 30, clientY: box.top + 2 * BOOK_ROW_HEIGHT + 5 }));
      expect(onPick).toHaveBeenCalledWith('89.00', 'bid');
      await vi.waitFor(async () => expect(await drawnAt(el, 2, 6 * BOOK_ROW_HEIGHT + 10)).toBe(true)); // the new data's bar scale fills it
      await vi.waitFor(() => expect(column(el, 'price').slice(0, 3)).toEqual(['90.00', '89.50', '89.00']), copied);
      expect(column(el, 'qty').slice(0, 3)).toEqual(['10.000', '20.000', '30.000']);
      expect(column(el, 'total').slice(0, 3)).toEqual(['10.000', '30.000', '60.000']);
    });

    it('writes the document copy at most once a second while ticks come, and always the latest tick', async () => {
      const live = createRef<BookSideHandle>();
      const el = mount(props(bids(50), { live }));
      await vi.waitFor(() => expect(column(el, 'price')[0]).toBe('100.00'));
      const price = el.querySelector('[data-col="price"]') as HTMLElement;
      const writes: string[] = [];
      const observer = new MutationObserver(() => writes.push(column(el, 'price')[0] as string));
      observer.observe(price, { characterData: true, childList: true, subtree: true });
      const started = performance.now();
      for (let by = 1; by <= 5; by++) act(() => live.current?.update(dataOf(shifted(by))));
      expect(column(el, 'price')[0]).toBe('100.00'); // not yet
      await vi.waitFor(() => expect(column(el, 'price')[0]).toBe('95.00'), copied);
      expect(performance.now() - started).toBeGreaterThanOrEqual(COPY_MS - 1);
      observer.disconnect();
      expect(writes).toEqual(['95.00']); // five ticks, one write: the last
    });

    it('in forced-colours mode shows its text columns, written on every tick, and draws only the bars', async () => {
      const real = window.matchMedia.bind(window);
      const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query) => (query.includes('forced-colors') ? ({ ...real(query), matches: true } as MediaQueryList) : real(query)));
      try {
        const live = createRef<BookSideHandle>();
        const el = mount(props(bids(50), { live }));
        await vi.waitFor(() => expect(column(el, 'price')[0]).toBe('100.00'));
        const price = el.querySelector('[data-col="price"]') as HTMLElement;
        expect(getComputedStyle(price).color).not.toBe('rgba(0, 0, 0, 0)');
        act(() => live.current?.update(dataOf(shifted(10))));
        expect(column(el, 'price').slice(0, 2)).toEqual(['90.00', '89.50']); // at once
        // The bars are drawn (x = width - 2 is the window's padding); the price's place on the canvas is not: hide the
        // document's text and look there.
        const width = (el.querySelector('canvas') as HTMLCanvasElement).clientWidth;
        await vi.waitFor(async () => expect(await drawnAt(el, width - 2, 10)).toBe(true));
        price.style.visibility = 'hidden';
        expect(await firstPriceDrawn(el)).toBe(false);
      } finally {
        spy.mockRestore();
      }
    });

    it('renders the latest tick, not its first props, when the trader scrolls', async () => {
      const live = createRef<BookSideHandle>();
      const el = mount(props(bids(50), { live }));
      await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
      act(() => live.current?.update(dataOf(shifted(10))));
      const scroller = el.querySelector('[data-testid="book-bids"]') as HTMLElement;
      scroller.scrollTop = 20 * BOOK_ROW_HEIGHT;
      scroller.dispatchEvent(new Event('scroll'));
      const win = () => el.querySelector('.td-rows-window') as HTMLElement;
      await vi.waitFor(() => expect(Number(win().getAttribute('data-first'))).toBeGreaterThan(10));
      const first = Number(win().getAttribute('data-first'));
      expect(column(el, 'price')[0]).toBe((90 - first * 0.5).toFixed(2));
    });

    it('is not rendered by a parent render that keeps the number of levels, and is by one that changes it', async () => {
      const live = createRef<BookSideHandle>();
      const first = props(bids(50), { live });
      const el = mount(first);
      await vi.waitFor(() => expect(column(el, 'price').length).toBeGreaterThan(5));
      // The same labels, callbacks and marks (the order book's are memoised), new data.
      act(() => root?.render(<BookSideList {...first} {...dataOf(shifted(10))} />));
      expect(column(el, 'price')[0]).toBe('100.00'); // (the order book calls update for this)
      act(() => root?.render(<BookSideList {...first} {...dataOf(shifted(10).slice(0, 80))} />));
      expect(column(el, 'price')[0]).toBe('90.00');
      expect(el.querySelector('[data-testid="book-bids"]')?.getAttribute('data-count')).toBe('40');
    });
  });
});
