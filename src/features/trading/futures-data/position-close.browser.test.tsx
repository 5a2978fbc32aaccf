import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { actAsync } from '../../../components/testing/act-environment.ts';
import enComponents from '../../../../locales/en-US/components.json';
import enOrders from '../../../../locales/en-US/orders.json';
import enRisk from '../../../../locales/en-US/risk.json';
import zhComponents from '../../../../locales/zh-HK/components.json';
import zhOrders from '../../../../locales/zh-HK/orders.json';
import zhRisk from '../../../../locales/zh-HK/risk.json';
import { session } from '../../../lib/session/index.ts';
import { pairsStore, type Pair } from '../../market/index.ts';
import { OrdersTable, PositionsTable } from './DataTables.tsx';
import { usePositionClose } from './position-close.tsx';
import { tradeApi, type OrderView, type PositionView } from './trade-api.ts';

const btc = { symbol: 'BTCUSDT', market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', pricePrecision: 1, amountPrecision: 3, listInstrumentId: 'BTC/USDT' } as Pair;

const position = (over: Partial<PositionView> = {}): PositionView => ({
  instrumentId: 'BTCUSDT',
  symbol: 'BTCUSDT',
  positionSide: 'BOTH',
  direction: 'long',
  positionAmt: '0.5',
  volume: '0.5',
  entryPrice: '60000',
  markPrice: '60100',
  notional: '30050',
  unrealizedProfitLoss: '50',
  returnRate: '0.0333',
  margin: '3005',
  marginType: 'cross',
  leverage: 10,
  maintMargin: '120',
  marginRatio: '0.0005',
  liquidationPrice: '0',
  ...over,
});

const order = (over: Partial<OrderView> = {}): OrderView =>
  ({
    orderId: '7',
    market: 'usdm',
    instrumentId: 'BTCUSDT',
    symbol: 'BTCUSDT',
    direction: 'sell',
    priceType: 'limit',
    price: '61000',
    volume: '0.5',
    filledVolume: '0',
    filledAmount: '0',
    averagePrice: null,
    fee: '0',
    feeAsset: 'USDT',
    status: 'new',
    clientOrderId: null,
    createdAt: '2026-11-23T07:59:34.000Z',
    ...over,
  }) as OrderView;

let root: Root | undefined;
let container: HTMLElement | undefined;

function Harness({ rows }: { rows: PositionView[] }) {
  const { close, dialog } = usePositionClose('key-1', () => {});
  return (
    <>
      <PositionsTable rows={rows} onClose={close} />
      {dialog}
    </>
  );
}

async function mount(node: React.ReactNode, lng: 'en-US' | 'zh-HK' = 'en-US') {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { orders: enOrders, components: enComponents, risk: enRisk }, 'zh-HK': { orders: zhOrders, components: zhComponents, risk: zhRisk } },
    lng,
    defaultNS: 'orders',
    interpolation: { escapeValue: false },
  });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await actAsync(async () => root!.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
}

afterEach(async () => {
  await actAsync(async () => root?.unmount());
  container?.remove();
  vi.restoreAllMocks();
  session.actions.signOut();
  pairsStore.setState({ status: 'idle', spot: [], usdm: [] });
});

const closeReply = () => order({ priceType: 'market', price: null, reduceOnly: true }) as never;
const confirmButton = () => page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true });

describe("a position row's close follows the order confirmation (spec §3 userInfo.orderConfirmStatus)", () => {
  it('with confirmation on, shows what will be sent and sends nothing until confirmed, then exactly one close', async () => {
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    const closePosition = vi.spyOn(tradeApi, 'closePosition').mockResolvedValue(closeReply());
    await mount(<Harness rows={[position()]} />);

    await userEvent.click(page.getByTestId('position-close'));
    const summary = page.getByTestId('order-confirm');
    await expect.element(summary).toBeInTheDocument();
    expect(closePosition).not.toHaveBeenCalled();
    await expect.element(page.getByTestId('order-confirm-side')).toHaveTextContent('Close long');
    const text = summary.element().textContent ?? '';
    expect(text).toContain('BTC/USDT');
    expect(text).toContain('Market');
    expect(text).toContain('0.5 BTC');
    expect(text).toContain('30050 USDT'); // 0.5 × mark 60100
    // (c) the leverage line names the term once: "Leverage 10x", not "Leverage Leverage 10x"
    expect(page.getByTestId('order-confirm-leverage').element().textContent).toBe('10x');
    expect(text.match(/Leverage/g)).toHaveLength(1);

    await userEvent.click(confirmButton());
    await expect.poll(() => closePosition.mock.calls.length).toBe(1);
    expect(closePosition).toHaveBeenCalledWith({ instrumentId: 'BTCUSDT', positionSide: 'BOTH', volume: '0.5', exchangeKeyId: 'key-1' });
    await expect.element(page.getByTestId('order-confirm')).not.toBeInTheDocument();
    expect(closePosition).toHaveBeenCalledTimes(1);
  });

  it('cancel sends nothing; a short closes as close short', async () => {
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    const closePosition = vi.spyOn(tradeApi, 'closePosition').mockResolvedValue(closeReply());
    await mount(<Harness rows={[position({ direction: 'short', positionSide: 'SHORT', positionAmt: '-0.5' })]} />, 'zh-HK');

    await userEvent.click(page.getByTestId('position-close'));
    await expect.element(page.getByTestId('order-confirm-side')).toHaveTextContent('平空');
    expect(page.getByTestId('order-confirm').element().textContent?.match(/槓桿/g)).toHaveLength(1);
    await userEvent.click(page.getByRole('dialog').getByRole('button', { name: zhComponents.modal.close, exact: true }).first());
    await expect.element(page.getByTestId('order-confirm')).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(closePosition).not.toHaveBeenCalled();
  });

  it('with confirmation off, closes at once', async () => {
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    session.actions.setUser({ userName: 'a', orderConfirmStatus: false }, []);
    const closePosition = vi.spyOn(tradeApi, 'closePosition').mockResolvedValue(closeReply());
    await mount(<Harness rows={[position()]} />);

    await userEvent.click(page.getByTestId('position-close'));
    await expect.poll(() => closePosition.mock.calls.length).toBe(1);
    expect(closePosition).toHaveBeenCalledWith({ instrumentId: 'BTCUSDT', positionSide: 'BOTH', exchangeKeyId: 'key-1' });
    expect(document.querySelector('[data-testid="order-confirm"]')).toBeNull();
  });
});

describe('open orders name a closing order as its confirmation did', () => {
  it.each([
    ['en-US', order({ reduceOnly: true }), 'Close long'],
    ['zh-HK', order({ reduceOnly: true }), '平多'],
    ['en-US', order({ direction: 'buy', reduceOnly: true }), 'Close short'],
    ['zh-HK', order({ positionSide: 'LONG' }), '平多'], // hedge mode: a sell of the LONG side
    ['en-US', order({ closePosition: true }), 'Close long'],
    ['en-US', order({}), 'Open short'],
    ['en-US', order({ market: 'spot', reduceOnly: true } as Partial<OrderView>), 'Sell'],
  ] as const)('%s %j → %s', async (lng, row, label) => {
    pairsStore.setState({ status: 'ready', spot: [], usdm: [btc] });
    await mount(<OrdersTable rows={[row]} />, lng);
    expect(container!.querySelector('[data-testid="order-side"]')?.textContent).toBe(label);
  });
});
