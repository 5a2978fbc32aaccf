import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { actAsync } from '../../../components/testing/act-environment.ts';
import enComponents from '../../../../locales/en-US/components.json';
import enOrders from '../../../../locales/en-US/orders.json';
import zhComponents from '../../../../locales/zh-HK/components.json';
import zhOrders from '../../../../locales/zh-HK/orders.json';
import { applyTheme, themeStore, type Theme } from '../../../lib/theme/index.ts';
import '../../../styles/theme.css';
import type { Pair } from '../../market/index.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import { LeverageModal } from './LeverageModal.tsx';
import { leverageStore } from './leverage-store.ts';
import { TransferModal } from './TransferModal.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';
import { OrderConfirmModal } from '../order-entry/OrderConfirmModal.tsx';

const btc = { symbol: 'BTCUSDT', market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', pricePrecision: 1, amountPrecision: 3, listInstrumentId: 'BTC/USDT' } as Pair;

let root: Root | undefined;
let container: HTMLElement | undefined;

async function mount(node: React.ReactNode, lng: 'en-US' | 'zh-HK' = 'en-US') {
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
  await actAsync(async () => root!.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
}

function setTheme(theme: Theme) {
  themeStore.setState({ theme });
  applyTheme(theme);
}

/** The theme token as the browser computes a colour (`rgb(r, g, b)`). */
function token(name: string): string {
  const probe = document.createElement('div');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

const dialogBackground = () => getComputedStyle(document.querySelector('.td-modal__dialog') as HTMLElement).backgroundColor;

/** The dialog once its entrance animation has run, saved under tests/artifacts/ at a width. */
async function shoot(name: string, width: number) {
  await page.viewport(width, width > 600 ? 900 : 844);
  const dialog = document.querySelector('.td-modal__dialog') as HTMLElement;
  await Promise.all(dialog.getAnimations().map((a) => a.finished));
  await page.screenshot({ path: `../../../../tests/artifacts/${name}-${width}.png` });
}

beforeEach(() => setTheme('dark'));
afterEach(async () => {
  await actAsync(async () => root?.unmount());
  container?.remove();
  vi.restoreAllMocks();
  leverageStore.setState({ symbol: null, leverage: null, topLeverage: 100, visible: false });
  setTheme('dark');
});

const capital = [{ accountType: 1 as const, balances: [
  { asset: 'USDT', free: '167480.5746198', locked: '0' },
  { asset: 'BTC', free: '0.5', locked: '0' },
  { asset: 'ETH', free: '2.123456789', locked: '0' },
  { asset: 'XRP', free: '0', locked: '0' },
] }];

function mockTransferCalls() {
  const available: Record<string, string> = { USDT: '167480.5746198', BTC: '0.5', ETH: '2.123456789' };
  vi.spyOn(tradeApi, 'balances').mockResolvedValue(capital as never);
  return vi.spyOn(tradeApi, 'transferAvailable').mockImplementation(async (asset, type) => ({ asset, type, from: 1, to: 2, available: available[asset] ?? '0' }) as never);
}

const options = (testId: string) => Array.from((document.querySelector(`[data-testid="${testId}"]`) as HTMLSelectElement).options).map((o) => o.value);

describe('TransferModal (spec §4 transfer, spec §3 transfer state)', () => {
  it('offers the assets the source account holds, fills the transferable amount with Max, and is dark on the dark page', async () => {
    const available = mockTransferCalls();
    await mount(<TransferModal visible keyId="key-1" onClose={() => {}} />);
    await expect.poll(() => options('transfer-asset')).toEqual(['BTC', 'ETH', 'USDT']);
    expect((document.querySelector('[data-testid="transfer-asset"]') as HTMLSelectElement).value).toBe('USDT');
    await expect.element(page.getByTestId('transfer-available')).toHaveTextContent('Transferable: 167,480.5746 USDT');
    await userEvent.click(page.getByTestId('transfer-max'));
    await expect.element(page.getByTestId('transfer-amount')).toHaveValue('167480.5746198');

    await userEvent.selectOptions(page.getByTestId('transfer-asset'), 'ETH');
    expect(available).toHaveBeenLastCalledWith('ETH', 'FUNDING_MAIN', 'key-1');
    await expect.element(page.getByTestId('transfer-amount')).toHaveValue('');
    await expect.element(page.getByTestId('transfer-available')).toHaveTextContent('Transferable: 2.12345678 ETH');
    await userEvent.click(page.getByTestId('transfer-max'));
    await expect.element(page.getByTestId('transfer-amount')).toHaveValue('2.12345678');

    expect(dialogBackground()).toBe(token('--td-surface'));
    expect(dialogBackground()).not.toBe('rgb(255, 255, 255)');
    expect(getComputedStyle(document.querySelector('[data-testid="transfer-amount"]') as HTMLElement).backgroundColor).toBe(token('--td-bg'));
    await shoot('transfer-modal-dark', 1440);
    await shoot('transfer-modal-dark', 390);
  });

  it('moves only USDT to or from the USD-M account; zh-HK labels', async () => {
    mockTransferCalls();
    await mount(<TransferModal visible keyId="key-1" initial={{ from: 'capital', to: 'swap' }} onClose={() => {}} />, 'zh-HK');
    await expect.poll(() => options('transfer-asset')).toEqual(['USDT']);
    await expect.element(page.getByTestId('transfer-max')).toHaveTextContent('最大');
    await expect.element(page.getByText('資產')).toBeInTheDocument();
  });

  it('is light on the light page', async () => {
    setTheme('light');
    mockTransferCalls();
    await mount(<TransferModal visible keyId="key-1" onClose={() => {}} />);
    await expect.element(page.getByTestId('transfer-modal')).toBeInTheDocument();
    expect(dialogBackground()).toBe('rgb(255, 255, 255)');
  });
});

describe('the futures modals follow the page theme', () => {
  it('draws the transfer and leverage modals on the dark surface when the page is dark', async () => {
    mockTransferCalls();
    await mount(<TransferModal visible keyId="key-1" onClose={() => {}} />);
    await expect.element(page.getByTestId('transfer-modal')).toBeInTheDocument();
    expect(dialogBackground()).toBe(token('--td-surface'));
    await actAsync(async () => root?.unmount());
    leverageStore.setState({ symbol: 'BTCUSDT', leverage: 10, topLeverage: 75, visible: true });
    await mount(<LeverageModal pair={btc} keyId="key-1" />);
    await expect.element(page.getByTestId('leverage-modal')).toBeInTheDocument();
    expect(dialogBackground()).toBe(token('--td-surface'));
    expect(getComputedStyle(document.querySelector('.td-modal__dialog') as HTMLElement).color).toBe(token('--td-text'));
  });
});

describe('the order confirmation and the trading page’s confirmations follow the page theme too', () => {
  it('draws them on the dark surface when the page is dark, and light on the light page', async () => {
    const order = { direction: 'buy' as const, priceType: 'limit' as const, price: '60000', volume: '0.01' };
    await mount(<OrderConfirmModal pending={order} rules={btc} value={null} leverage={10} sending={false} onClose={() => {}} onConfirm={() => {}} />);
    await expect.element(page.getByTestId('order-confirm')).toBeInTheDocument();
    expect(dialogBackground()).toBe(token('--td-surface'));
    await actAsync(async () => root?.unmount());
    await mount(<ConfirmAction pending={{ id: 'x', title: 'Cancel all', body: <p>Sure?</p>, confirmText: 'Yes', run: async () => {} }} onDone={() => {}} cancelText="Keep" />);
    expect(dialogBackground()).toBe(token('--td-surface'));
    await actAsync(async () => root?.unmount());
    setTheme('light');
    await mount(<OrderConfirmModal pending={order} rules={btc} value={null} leverage={10} sending={false} onClose={() => {}} onConfirm={() => {}} />);
    expect(dialogBackground()).toBe('rgb(255, 255, 255)');
  });
});

describe('LeverageModal (spec §2 leverage modal, spec §3 leverage state)', () => {
  it('offers the preset leverages up to the pair’s maximum, a tap sets it, and is dark on the dark page', async () => {
    const change = vi.spyOn(tradeApi, 'changeLeverage').mockResolvedValue({ leverage: 20 } as never);
    leverageStore.setState({ symbol: 'BTCUSDT', leverage: 10, topLeverage: 75, visible: true });
    await mount(<LeverageModal pair={btc} keyId="key-1" />);
    const presets = page.getByTestId('leverage-presets').getByRole('button');
    await expect.poll(() => presets.elements().map((b) => b.textContent)).toEqual(['1x', '2x', '3x', '5x', '10x', '20x', '50x', '75x']);
    await expect.element(page.getByTestId('leverage-preset-10')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(page.getByTestId('leverage-preset-20'));
    await expect.element(page.getByTestId('leverage-input')).toHaveValue('20');
    await expect.element(page.getByTestId('leverage-preset-20')).toHaveAttribute('aria-pressed', 'true');
    expect(dialogBackground()).toBe(token('--td-surface'));
    await shoot('leverage-modal-dark', 1440);
    await shoot('leverage-modal-dark', 390);
    await userEvent.click(page.getByRole('button', { name: 'Confirm', exact: true }));
    expect(change).toHaveBeenCalledWith({ baseCurrency: 'BTC', quoteCurrency: 'USDT', exchangeKeyId: 'key-1' }, 20);
  });

  it('ends on the maximum when it is no preset (25x), and offers 100x and 125x when the bracket allows; zh-HK group label', async () => {
    leverageStore.setState({ symbol: 'BTCUSDT', leverage: 5, topLeverage: 25, visible: true });
    await mount(<LeverageModal pair={btc} keyId="key-1" />, 'zh-HK');
    const presets = page.getByRole('group', { name: '常用槓桿' }).getByRole('button');
    await expect.poll(() => presets.elements().map((b) => b.textContent)).toEqual(['1x', '2x', '3x', '5x', '10x', '20x', '25x']);
    await actAsync(async () => leverageStore.setState({ topLeverage: 125 }));
    await expect.poll(() => presets.elements().map((b) => b.textContent).slice(-3)).toEqual(['75x', '100x', '125x']);
  });
});
