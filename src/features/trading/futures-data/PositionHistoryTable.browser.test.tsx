import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { actAsync } from '../../../components/testing/act-environment.ts';
import enComponents from '../../../../locales/en-US/components.json';
import enOrders from '../../../../locales/en-US/orders.json';
import zhComponents from '../../../../locales/zh-HK/components.json';
import zhOrders from '../../../../locales/zh-HK/orders.json';
import { pairsStore, type Pair } from '../../market/index.ts';
import { PositionHistoryTable } from './PositionHistoryTable.tsx';
import type { PositionHistoryRow } from './trade-api.ts';

const btc = { symbol: 'BTCUSDT', market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', pricePrecision: 1, amountPrecision: 3, listInstrumentId: 'BTC/USDT' } as Pair;

const closed: PositionHistoryRow = {
  id: '7',
  instrumentId: 'BTCUSDT',
  positionSide: 'BOTH',
  side: 'long',
  marginType: 'isolated',
  leverage: 10,
  status: 'closed',
  openedAt: '2026-11-23T07:59:34.000Z',
  closedAt: '2026-11-23T09:00:00.000Z',
  maxSize: '0.5',
  closedSize: '0.5',
  entryPrice: '60012.34567891',
  closePrice: '61000.05',
  realizedProfitLoss: '493.85216054',
  fees: '27.25',
  funding: '-3.0006',
  netProfitLoss: '463.60156054',
};

let root: Root | undefined;
let container: HTMLElement | undefined;

async function mount(rows: PositionHistoryRow[], lng: 'en-US' | 'zh-HK' = 'en-US') {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { orders: enOrders, components: enComponents }, 'zh-HK': { orders: zhOrders, components: zhComponents } },
    lng,
    defaultNS: 'orders',
    interpolation: { escapeValue: false },
  });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await actAsync(async () => root!.render(<I18nextProvider i18n={i18n}>{<PositionHistoryTable rows={rows} />}</I18nextProvider>));
}

// A desktop width (the table), unless a test asks for a phone's.
beforeEach(async () => {
  await page.viewport(1280, 720);
});

afterEach(async () => {
  await actAsync(async () => root?.unmount());
  container?.remove();
  pairsStore.setState({ status: 'idle', spot: [], usdm: [] });
});

const cell = (id: string, nth = 0) => container!.querySelectorAll(`[data-testid="${id}"]`)[nth]!;

describe('PositionHistoryTable', () => {
  it('shows each position’s side, mode and leverage, prices at the tick, money at the asset precision with its sign colour', async () => {
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    await mount([{ ...closed, id: '8', status: 'open', closedAt: null, closePrice: null, closedSize: '0', side: 'short', marginType: 'cross', funding: '1.5', realizedProfitLoss: '0', netProfitLoss: '-2.1' }, closed]);
    expect(cell('history-side').textContent).toBe('Short · Cross 10x');
    expect(cell('history-closed-at').textContent).toBe('Open');
    expect(cell('history-close-price').textContent).toBe('--');
    expect(cell('history-funding').className).toContain('td-up');
    expect(cell('history-net').className).toContain('td-down');
    expect(cell('history-side', 1).textContent).toBe('Long · Isolated 10x');
    expect(cell('history-close-price', 1).textContent).toBe('61,000.0');
    expect(cell('history-realized', 1).textContent).toBe('493.8521');
    expect(cell('history-funding', 1).textContent).toBe('-3.0006');
    expect(cell('history-funding', 1).className).toContain('td-down');
    expect(cell('history-net', 1).textContent).toBe('463.6015');
    expect(cell('history-closed-at', 1).textContent).toMatch(/^2026-11-23 \d\d:00:00 UTC/);
  });

  it('names its columns in zh-HK', async () => {
    await mount([closed], 'zh-HK');
    const headers = [...container!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['開倉時間', '平倉時間', '交易對', '方向', '最大持倉', '開倉價格', '平倉均價', '已實現盈虧', '手續費', '資金費用', '淨盈虧']);
    expect(cell('history-side').textContent).toBe('多 · 逐倉 10x');
  });

  it('is one card per position on a phone, with the same figures, and nothing scrolls sideways at 390 px', async () => {
    await page.viewport(390, 844);
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    await mount([closed]);
    const list = container!.querySelector('[data-testid="position-history-table"]')!;
    expect(list.tagName).toBe('UL');
    expect(cell('history-net').textContent).toBe('463.6015');
    expect(list.scrollWidth <= list.clientWidth && list.getBoundingClientRect().right <= 390).toBe(true);
  });
});
