import i18next from 'i18next';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { act, actAsync } from '../../components/testing/act-environment.ts';
import { host, mountHost, root, unmountHost } from '../../components/testing/host.ts';
import enLightning from '../../../locales/en-US/lightning.json';
import enOrders from '../../../locales/en-US/orders.json';
import { toastStore } from '../../lib/toast/index.ts';
import { bookStore, subscriptionId, tickersStore, type BookView } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import { shoot } from '../../components/testing/pixels.ts';
import '../../styles/theme.css';
import type { Pair } from '../market/index.ts';
import { COPY_MS, futuresData, tradeApi, type OrderView } from '../trading/shared.ts';
import { DEFAULT_KEYBOARD } from './hotkeys.ts';
import { openOrdersStore, positionsStore, type PositionRow } from './lightning-actions.ts';
import { LightningControls } from './LightningControls.tsx';
import { LightningLadder, type LadderProps } from './LightningLadder.tsx';
import { forgetStepMultiples, ladderStore, lightningStore, recentreLadder } from './lightning-store.ts';
import './lightning.css';

const pair: Pair = {
  symbol: 'BTCUSDT',
  market: 'usdm',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  tickSize: '0.1',
  stepSize: '0.001',
  pricePrecision: 1,
  amountPrecision: 3,
  listInstrumentId: 'BTC/USDT',
};
const BOOK_ID = subscriptionId({ topic: 'book', market: 'usdm', symbol: 'BTCUSDT', depth: 50 });

withMarketBridge();
beforeEach(() => {
  ladderStore.setState({ symbol: 'BTCUSDT', multiple: 1, recentre: 0 }); // step 0.1: one row a tick
  openOrdersStore.setState({ symbol: null, orders: [] });
  positionsStore.setState({ symbol: null, positions: [] });
  lightningStore.setState({ keyboard: DEFAULT_KEYBOARD, volume: '', list: [], activeIndex: -1 });
  toastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A book around `mid`: bids mid − 0.1, − 0.2, … and asks mid, + 0.1, … (10 levels each), quantities 1, 2, 3, … */
function setMarket(mid: number, qty: (i: number) => number = (i) => i + 1) {
  act(() => {
    setBook(mid, qty);
    tickersStore.setState({ tickers: { spot: {}, usdm: { BTCUSDT: { s: 'BTCUSDT', c: mid, o: mid, h: mid, l: mid, v: 0, q: 0, E: 0 } } } });
  });
}

/** The book alone (setMarket's), as a book update that brings no ticker. */
function setBook(mid: number, qty: (i: number) => number = (i) => i + 1) {
  const bids = new Float64Array(20);
  const asks = new Float64Array(20);
  for (let i = 0; i < 10; i++) {
    bids[i * 2] = Math.round((mid - 0.1 * (i + 1)) * 10) / 10;
    bids[i * 2 + 1] = qty(i);
    asks[i * 2] = Math.round((mid + 0.1 * i) * 10) / 10;
    asks[i * 2 + 1] = qty(i);
  }
  const view: BookView = { synced: true, lastUpdateId: 1, time: 0, tickSize: '0.1', depth: 50, group: 1, bids, asks };
  bookStore.setState({ books: { ...bookStore.getState().books, [BOOK_ID]: view } });
}

async function mount(node: React.ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { 'en-US': { lightning: enLightning, orders: enOrders } }, lng: 'en-US', defaultNS: 'lightning', interpolation: { escapeValue: false } });
  mountHost('width: 420px');
  await actAsync(async () => root?.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
}

function ladderProps(overrides: Partial<LadderProps> = {}): LadderProps {
  return { pair, enabled: true, onPick: () => undefined, onCancel: () => undefined, ...overrides };
}

/** The sizes' copy in the cells is written at most COPY_MS after a tick where the canvas draws them. */
const copied = { timeout: COPY_MS * 3 };
const ladder = () => host?.querySelector('[data-testid="lightning-ladder"]') as HTMLElement;
const row = (price: string) => ladder().querySelector(`[data-price="${price}"]`) as HTMLElement | null;
const qty = (price: string, side: 'buy' | 'sell') => row(price)?.querySelector(`[data-testid="ladder-${side}"] .td-ld-qty`)?.textContent ?? null;

describe('LightningLadder', () => {
  it('keeps every row at its price while the book moves, recentres only when the price leaves or on request', async () => {
    const onPick = vi.fn();
    setMarket(100);
    await mount(<LightningLadder {...ladderProps({ onPick })} />);
    // Centred on the last price 100.0: 32 rows of 0.1, 101.6 at the top, 98.5 at the bottom.
    expect(ladder().getAttribute('data-top')).toBe('101.6');
    expect(ladder().querySelectorAll('[data-price]')).toHaveLength(32);
    const level = row('99.5');
    expect(level?.getAttribute('data-row')).toBe('21');
    expect(qty('99.5', 'buy')).toBe('5.000');
    expect(level?.getAttribute('data-zone')).toBe('bid');

    // The market moves up by 1.0, inside the ladder: no row moves; the figures move through them.
    setMarket(101);
    expect(ladder().getAttribute('data-top')).toBe('101.6');
    expect(row('99.5')).toBe(level); // the same element, still on row 21
    expect(level?.getAttribute('data-row')).toBe('21');
    // The sizes' copy in the cells catches up within COPY_MS (the canvas draws them at once).
    await vi.waitFor(() => expect(qty('99.5', 'buy')).toBe(''), copied); // its bid is gone: the book's best bid is now 100.9
    expect(qty('100.9', 'buy')).toBe('1.000');
    expect(row('100.5')?.getAttribute('data-zone')).toBe('bid');
    expect(row('101.2')?.getAttribute('data-zone')).toBe('ask');

    // A click lands on the row's own price.
    (row('99.5')?.querySelector('[data-testid="ladder-buy"]') as HTMLElement).click();
    (row('101.3')?.querySelector('[data-testid="ladder-sell"]') as HTMLElement).click();
    expect(onPick.mock.calls).toEqual([
      ['buy', '99.5'],
      ['sell', '101.3'],
    ]);

    // The price leaves the ladder (above 101.6): it recentres on it.
    setMarket(103);
    expect(ladder().getAttribute('data-top')).toBe('104.6');
    // Back inside: nothing moves, until the trader asks.
    setMarket(104);
    expect(ladder().getAttribute('data-top')).toBe('104.6');
    act(() => recentreLadder());
    expect(ladder().getAttribute('data-top')).toBe('105.6');
  });

  it("keeps the trader's step for the pair across visits, but not the automatic default", async () => {
    forgetStepMultiples();
    setMarket(100);
    await mount(<LightningLadder {...ladderProps()} />);
    expect(ladder().getAttribute('data-step')).toBe('0.1');
    act(() => (host?.querySelector('[data-testid="ladder-step-10"]') as HTMLElement).click());
    expect(ladder().getAttribute('data-step')).toBe('1');
    unmountHost();
    // A new visit: the page's store starts empty, the remembered step comes back.
    ladderStore.setState({ symbol: null, multiple: null });
    await mount(<LightningLadder {...ladderProps()} />);
    expect(ladder().getAttribute('data-step')).toBe('1');
    expect(host?.querySelector('[data-testid="ladder-step-10"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('lightningLadderSteps') ?? '{}')).toEqual({ BTCUSDT: 10 });
    forgetStepMultiples();
  });

  it('a book update touches only the rows whose figures changed', async () => {
    setMarket(100);
    await mount(<LightningLadder {...ladderProps()} />);
    const changed = new Set<string>();
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const target = r.target instanceof Element ? r.target : r.target.parentElement;
        const at = target?.closest('[data-row]')?.getAttribute('data-price');
        // (the canvas's size attributes follow the painter's sizing of it, once)
        if (target?.tagName !== 'CANVAS') changed.add(at ?? 'outside a row');
      }
    });
    observer.observe(ladder(), { subtree: true, childList: true, characterData: true, attributes: true });
    setMarket(100, (i) => (i === 2 ? 9 : i + 1)); // the third level of each side changes
    await vi.waitFor(() => expect(qty('99.7', 'buy')).toBe('9.000'), copied);
    await Promise.resolve(); // mutation records are delivered in a microtask
    observer.disconnect();
    expect([...changed].sort()).toEqual(['100.2', '99.7']);
  });

  it('a book update that moves no best level renders nothing: the canvas draws it and the cells get a copy', async () => {
    setMarket(100);
    const commits = vi.fn();
    await mount(
      <Profiler id="ladder" onRender={commits}>
        <LightningLadder {...ladderProps()} />
      </Profiler>,
    );
    const canvas = ladder().querySelector('canvas') as HTMLCanvasElement;
    expect(canvas.dataset['painter']).toBe('worker');
    expect(ladder().classList.contains('td-ld-rows--drawn')).toBe(true);
    // A point of a row's bid cell, `share` of its width from its right edge (the bars grow from there), 3 px from the
    // row's top: inside a bar (2 px from the row's edges) and above the size's digits.
    const at = (price: string, share: number) => {
      const box = ladder().getBoundingClientRect();
      const cell = row(price)?.querySelector('[data-testid="ladder-buy"]')?.getBoundingClientRect() as DOMRect;
      const rowTop = (row(price) as HTMLElement).getBoundingClientRect().top;
      return { x: cell.right - share * cell.width - box.left, y: rowTop + 3 - box.top, left: cell.left + 2 - box.left };
    };
    // Whether the bid bar of `price`'s row reaches `share` of its cell: inked against the cell's far left.
    const barReaches = async (price: string, share: number) => {
      const shot = await shoot(ladder());
      const p = at(price, share);
      return shot.inked(p.x, p.y, shot.rgb(p.left, p.y));
    };
    // Sizes 1…10 a side: the bars' full width is 16 (the fullest row rounded up to a power of two); 5 / 16 = 31 %.
    expect(qty('99.5', 'buy')).toBe('5.000'); // the copy, written with the commit
    await vi.waitFor(async () => expect(await barReaches('99.5', 0.25)).toBe(true), copied);
    expect(await barReaches('99.5', 0.45)).toBe(false);
    const button = row('99.5')?.querySelector('[data-testid="ladder-buy"]');
    const cell = button?.querySelector('.td-ld-qty');
    commits.mockClear();

    act(() => setBook(100, (i) => (i === 4 ? 9 : i + 1))); // the fifth level of each side: 5 → 9, 9 / 16 = 56 %
    expect(commits).not.toHaveBeenCalled();
    await vi.waitFor(async () => expect(await barReaches('99.5', 0.45)).toBe(true), copied);
    // The copy catches up within COPY_MS, in the same element, and the button's name with it.
    await vi.waitFor(() => expect(qty('99.5', 'buy')).toBe('9.000'), copied);
    expect(qty('100.4', 'sell')).toBe('9.000');
    expect(row('99.5')?.querySelector('[data-testid="ladder-buy"] .td-ld-qty')).toBe(cell);
    expect(button?.textContent).toBe('Open long, limit at 99.59.000'); // its name: the action and price, then the size

    // A level that empties: no size and no bar.
    act(() => setBook(100, (i) => (i === 4 ? 0 : i + 1)));
    await vi.waitFor(async () => expect(await barReaches('99.5', 0.02)).toBe(false), copied);
    await vi.waitFor(() => expect(qty('99.5', 'buy')).toBe(''), copied);
    expect(commits).not.toHaveBeenCalled();

    // The best bid moves a row: the zones change, so the ladder renders; the rows keep their prices, so the copy
    // follows as after a tick.
    act(() => setBook(100.1));
    expect(commits).toHaveBeenCalled();
    expect(row('100.0')?.getAttribute('data-zone')).toBe('bid');
    await vi.waitFor(() => expect(qty('100.0', 'buy')).toBe('1.000'), copied);
  });

  it('in forced colours the cells show the sizes, written on every tick, and the canvas draws the bars only', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query === '(forced-colors: active)', media: query }) as MediaQueryList);
    setMarket(100);
    await mount(<LightningLadder {...ladderProps()} />);
    expect(ladder().classList.contains('td-ld-rows--drawn')).toBe(false);
    act(() => setBook(100, (i) => (i === 4 ? 9 : i + 1)));
    expect(qty('99.5', 'buy')).toBe('9.000'); // at once
    expect(getComputedStyle(row('99.5')?.querySelector('.td-ld-qty') as Element).color).not.toBe('rgba(0, 0, 0, 0)');
  });

  it("marks the trader's orders, the entry and the liquidation price on their rows; an order cancels from its mark", async () => {
    const onCancel = vi.fn();
    setMarket(100);
    const order = { orderId: 'o1', price: '99.5', direction: 'buy', volume: '0.5', filledVolume: '0.1' } as unknown as OrderView;
    const position = { positionSide: 'BOTH', positionAmt: '0.2', entryPrice: '100.3', liquidationPrice: '98.5' } as unknown as PositionRow;
    openOrdersStore.setState({ symbol: 'BTCUSDT', orders: [order] });
    positionsStore.setState({ symbol: 'BTCUSDT', positions: [position] });
    await mount(<LightningLadder {...ladderProps({ onCancel })} />);
    const mine = row('99.5')?.querySelector('[data-testid="lightning-my-order"]') as HTMLElement;
    expect(mine.textContent).toBe('0.400'); // what is left of it
    expect(mine.getAttribute('data-side')).toBe('buy');
    expect(row('100.3')?.querySelector('[data-testid="ladder-entry"]')).not.toBeNull();
    expect(row('98.5')?.querySelector('[data-testid="ladder-liq"]')).not.toBeNull();
    expect(ladder().querySelectorAll('[data-testid="ladder-entry"], [data-testid="ladder-liq"]')).toHaveLength(2);
    mine.click();
    expect(onCancel).toHaveBeenCalledWith(['o1']);
    expect(host?.querySelector('[data-testid="ladder-above"]')).toBeNull();

    // Prices beyond the ladder are named at the edge they lie past.
    act(() => positionsStore.setState({ symbol: 'BTCUSDT', positions: [{ ...position, entryPrice: '105', liquidationPrice: '90' }] }));
    expect(ladder().querySelectorAll('[data-testid="ladder-entry"], [data-testid="ladder-liq"]')).toHaveLength(0);
    expect(host?.querySelector('[data-testid="ladder-above"]')?.textContent).toBe('▲ Entry 105.0');
    expect(host?.querySelector('[data-testid="ladder-below"]')?.textContent).toBe('▼ Liq. 90.0');
  });
});

describe('LightningControls', () => {
  const toasts = () => toastStore.getState().toasts.map((t) => t.text);

  it('answers every hotkey and its button with a toast', async () => {
    vi.spyOn(futuresData, 'refresh').mockImplementation(() => undefined);
    vi.spyOn(tradeApi, 'openOrders').mockResolvedValue([]);
    const positions = vi.spyOn(tradeApi, 'positions').mockResolvedValue([]);
    const cancelAll = vi.spyOn(tradeApi, 'cancelAll').mockResolvedValue({ cancelled: 2, dataList: [] });
    const sendOrder = vi.spyOn(tradeApi, 'sendOrder');
    setMarket(100);
    await mount(<LightningControls pair={pair} keyId="k1" isLogin />);

    await userEvent.keyboard('b'); // no size yet: nothing is sent
    await vi.waitFor(() => expect(toasts()).toContain('Set an order size first'));
    expect(sendOrder).not.toHaveBeenCalled();

    await userEvent.keyboard('c');
    await vi.waitFor(() => expect(toasts()).toContain('No position to close'));
    expect(positions).toHaveBeenCalledWith('k1', 'BTCUSDT');

    await userEvent.keyboard('x');
    await vi.waitFor(() => expect(toasts()).toContain('2 orders cancelled'));
    cancelAll.mockResolvedValue({ cancelled: 0, dataList: [] });
    (host?.querySelector('[data-testid="action-cancelAll"]') as HTMLElement).click(); // its button does the same
    await vi.waitFor(() => expect(toasts()).toContain('No open orders to cancel'));
    expect(cancelAll).toHaveBeenCalledTimes(2);

    await userEvent.keyboard('1');
    await vi.waitFor(() => expect(toasts()).toContain('Size preset 1 is not set: save a configuration with presets'));

    const before = ladderStore.getState().recentre;
    await userEvent.keyboard('r');
    await vi.waitFor(() => expect(toasts()).toContain('Ladder centred on the current price'));
    expect(ladderStore.getState().recentre).toBe(before + 1);

    // The buttons show their keys.
    expect(host?.querySelector('[data-testid="action-buy"]')?.textContent).toBe('Open long (market)B');
    expect(host?.querySelector('[data-testid="action-buy"]')?.getAttribute('aria-keyshortcuts')).toBe('B');
  });
});
