import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { actAsync } from '../../../components/testing/act-environment.ts';
import enComponents from '../../../../locales/en-US/components.json';
import enOrders from '../../../../locales/en-US/orders.json';
import { pairsStore, type Pair } from '../../market/index.ts';
import { DealsTable, PositionsTable } from './DataTables.tsx';
import type { FillView, PositionView } from './trade-api.ts';

const btc = { symbol: 'BTCUSDT', market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', pricePrecision: 1, amountPrecision: 3, listInstrumentId: 'BTC/USDT' } as Pair;

const position = (over: Partial<PositionView>): PositionView => ({
  instrumentId: 'BTCUSDT',
  symbol: 'BTCUSDT',
  positionSide: 'BOTH',
  direction: 'long',
  positionAmt: '0.5',
  volume: '0.5',
  entryPrice: '60012.34567891',
  markPrice: '60100.05',
  notional: '30050.025',
  unrealizedProfitLoss: '43.8521605',
  returnRate: '0.0292',
  margin: '1502.50125',
  marginType: 'isolated',
  leverage: 20,
  maintMargin: '120.2001',
  marginRatio: '0.0005',
  liquidationPrice: '57312.98765432',
  ...over,
});

let root: Root | undefined;
let container: HTMLElement | undefined;

async function mount(node: React.ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { 'en-US': { orders: enOrders, components: enComponents } }, lng: 'en-US', defaultNS: 'orders', interpolation: { escapeValue: false } });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await actAsync(async () => root!.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
}

afterEach(async () => {
  await actAsync(async () => root?.unmount());
  container?.remove();
  pairsStore.setState({ status: 'idle', spot: [], usdm: [] });
});

const cell = (id: string, nth = 0) => container!.querySelectorAll(`[data-testid="${id}"]`)[nth]!.textContent;

describe('positions and deals tables: prices at the tick, amounts at the asset precision, percentages', () => {
  it('formats every price of a position at the pair tick and the ratios as percentages', async () => {
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    await mount(<PositionsTable rows={[position({}), position({ marginType: 'cross', liquidationPrice: '0', returnRate: '-0.1234' })]} onClose={() => {}} />);
    expect(cell('position-entry')).toBe('60,012.3');
    expect(cell('position-mark')).toBe('60,100.0');
    expect(cell('position-liq')).toBe('57,312.9');
    expect(cell('position-margin-ratio')).toBe('0.05%');
    expect(cell('position-roe')).toBe('+2.92%');
    expect(cell('position-pnl')).toBe('43.8521');
    expect(cell('position-margin')).toContain('1,502.5012');
    // a cross position no price liquidates shows no price, not 0
    expect(cell('position-liq', 1)).toBe('--');
    expect(cell('position-roe', 1)).toBe('-12.34%');
  });

  it('shows fees at the fee asset precision', async () => {
    const deal = { tradeId: '1', orderId: '2', market: 'usdm', instrumentId: 'BTCUSDT', symbol: 'BTCUSDT', direction: 'buy', price: '60012.3', volume: '0.5', amount: '30006.15', fee: '15.0030750', feeAsset: 'USDT', realizedProfitLoss: '0', role: 'taker', liquidationType: null, time: '2026-11-23T07:59:34.000Z' } as FillView;
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    await mount(<DealsTable rows={[deal, { ...deal, tradeId: '3', market: 'spot', fee: '0.0000123456', feeAsset: 'BTC' }]} />);
    expect(cell('deal-fee')).toBe('15.0030 USDT');
    expect(cell('deal-fee', 1)).toBe('0.00001234 BTC');
    // one date format with its zone
    expect(container!.querySelector('[data-testid="deal-row"] td')!.textContent).toMatch(/^2026-11-2\d \d\d:\d\d:\d\d UTC/);
  });
});

describe('the ADL indicator', () => {
  it('lights as many of five as the quantile’s place in the queue, and says so to a screen reader', async () => {
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    await mount(<PositionsTable rows={[position({ adlQuantile: 3 }), position({ adlQuantile: 0, positionSide: 'SHORT' })]} onClose={() => {}} />);
    const lights = container!.querySelectorAll('[data-testid="position-adl"]');
    expect([...lights].map((l) => l.querySelectorAll('.td-adl-light--on').length)).toEqual([4, 1]);
    expect(lights[0]!.getAttribute('aria-label')).toBe('Auto-deleveraging queue: 4 of 5');
  });
});
