import Decimal from 'decimal.js';
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
import '../../../styles/theme.css';
import '../trading.css';
import { OrderForm } from './OrderForm.tsx';
import type { Direction } from './form-state.ts';
import type { BalanceContext } from './validate.ts';
import { ETHUSDT_SPOT_RULES } from './test-rules.ts';

// The spot ticket (spec §2 spot trading, spot account query's fee rates): total and estimated fee before sending,
// balances at the asset's precision with thousands separators (glossary "Numbers").

const rules = ETHUSDT_SPOT_RULES;
const fee = new Decimal('0.001');
const ctx = (d: Direction): BalanceContext =>
  d === 'buy' ? { available: new Decimal('167480.5746198'), referencePrice: new Decimal('2000'), takerFeeRate: fee } : { available: new Decimal('12.3456789'), referencePrice: new Decimal('2000'), takerFeeRate: fee };

let root: Root | undefined;
let container: HTMLElement | undefined;

async function mount(language: 'en-US' | 'zh-HK' = 'en-US', balance: (d: Direction) => BalanceContext = ctx) {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { orders: enOrders, components: enComponents, risk: enRisk }, 'zh-HK': { orders: zhOrders, components: zhComponents, risk: zhRisk } },
    lng: language,
    defaultNS: 'orders',
    interpolation: { escapeValue: false },
  });
  container = document.createElement('div');
  container.style.cssText = 'width: min(320px, 100vw); padding: 12px; background: var(--td-surface);';
  document.body.appendChild(container);
  root = createRoot(container);
  await actAsync(async () =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <OrderForm rules={rules} balance={balance} onSubmit={vi.fn(async () => {})} />
      </I18nextProvider>,
    ),
  );
}

afterEach(async () => {
  await actAsync(async () => root?.unmount());
  container?.remove();
  session.actions.signOut();
});

async function typeInto(testId: string, text: string) {
  const field = page.getByTestId(testId);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

/** The ticket at the top of the page, saved under tests/artifacts/. */
async function shootTicket(name: string) {
  (document.activeElement as HTMLElement | null)?.blur();
  container!.scrollIntoView({ block: 'start' });
  await page.screenshot({ path: `../../../../tests/artifacts/${name}.png`, element: container! });
}

describe('the spot ticket', () => {
  it('shows the available balance at the asset precision with separators, not the raw decimal', async () => {
    await mount();
    await expect.element(page.getByTestId('order-available')).toHaveTextContent('Available 167,480.5746 USDT');
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await expect.element(page.getByTestId('order-available')).toHaveTextContent('Available 12.34567890 ETH');
  });

  it('shows the total (price × amount) and the estimated fee at the account rate, on the ticket and in the confirmation', async () => {
    await mount();
    await expect.element(page.getByTestId('order-total')).toHaveTextContent('--');
    await typeInto('order-price', '2000.5');
    await typeInto('order-volume', '1.5');
    await expect.element(page.getByTestId('order-total')).toHaveTextContent('3,000.7500 USDT');
    // A buy's fee is taken from the asset bought: 1.5 × 0.1 %.
    await expect.element(page.getByTestId('order-fee')).toHaveTextContent('0.00150000 ETH');
    await page.viewport(1440, 900);
    await shootTicket('spot-ticket-buy-1440');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-confirm-fee')).toHaveTextContent('0.00150000 ETH');
  });

  it("takes a sell's fee from the quote asset; market orders at the reference price; zh-HK labels", async () => {
    await mount('zh-HK');
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await userEvent.click(page.getByTestId('order-type-market'));
    await typeInto('order-volume', '2');
    await expect.element(page.getByTestId('order-total')).toHaveTextContent('4,000.0000 USDT');
    await expect.element(page.getByTestId('order-fee')).toHaveTextContent('4.0000 USDT');
    await expect.element(page.getByText('預估手續費')).toBeInTheDocument();
    await page.viewport(390, 844);
    await shootTicket('spot-ticket-sell-390');
  });

  it('shows no fee figure when the rate is not known yet', async () => {
    await mount('en-US', (d) => ({ ...ctx(d), takerFeeRate: undefined as never }));
    await typeInto('order-price', '2000');
    await typeInto('order-volume', '1');
    await expect.element(page.getByTestId('order-total')).toHaveTextContent('2,000.0000 USDT');
    await expect.element(page.getByTestId('order-fee')).toHaveTextContent('--');
  });
});
