import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Code } from '../../../../contract/codes.ts';
import { actAsync } from '../../../components/testing/act-environment.ts';
import { ApiError } from '../../../lib/api/index.ts';
import { session } from '../../../lib/session/index.ts';
import { tickersStore } from '../../../market/index.ts';
import { withMarketBridge } from '../../../market/testing.ts';
import type { Pair } from '../../market/index.ts';
import { futuresData } from '../futures-data/instance.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import { leverageStore } from '../modals/leverage-store.ts';
import { OrderForm, type Funding, type OrderRequest } from './OrderForm.tsx';
import { FuturesTransfer } from '../modals/FuturesTransfer.tsx';
import { TradeForm } from './TradeForm.tsx';
import { mountTicket, ticketResources, typeInto, unmountTicket, type TicketLang } from './ticket-testing.tsx';
import type { Direction } from './form-state.ts';
import type { BalanceContext } from './validate.ts';
import { BTCUSDT_USDM_RULES, ETHUSDT_SPOT_RULES } from './test-rules.ts';

// spec §8 "Insufficient Balance (offers Go to Deposit)" on the order ticket, in Chromium: above the available balance
// (or the exchange's 10101 refusal) the ticket offers the wallet's crypto deposit of the asset the order spends; a
// USD-M ticket also offers the transfer into the futures account, which opens the transfer modal capital → USD-M.

const resources = ticketResources;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

const spotCtx = (d: Direction): BalanceContext => (d === 'buy' ? { available: new Decimal('1000'), referencePrice: new Decimal('2000') } : { available: new Decimal('2'), referencePrice: new Decimal('2000') });
const futuresCtx: BalanceContext = { available: new Decimal('1000'), referencePrice: new Decimal('60000'), leverage: 20, takerFeeRate: new Decimal('0.0005') };
const deposit: Funding['depositPath'] = (asset) => `/wallet-deposit/${asset}`;

withMarketBridge();

afterEach(async () => {
  await unmountTicket();
  session.actions.signOut();
});

const mount = (node: ReactNode, lang: TicketLang = 'en-US') => mountTicket(node, lang);

const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe.each(['en-US', 'zh-HK'] as const)('Go to Deposit on the order ticket (%s)', (lang) => {
  const t = resources[lang].orders;

  it('spot: above the balance offers the deposit of what the order spends (quote to buy, base to sell), no transfer', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(<OrderForm rules={ETHUSDT_SPOT_RULES} balance={spotCtx} onSubmit={onSubmit} funding={{ depositPath: deposit }} />, lang);
    await typeInto('order-price', '2000');
    await typeInto('order-volume', '0.1');
    expect(q('order-deposit')).toBeNull();
    await typeInto('order-volume', '1');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-volume-error')).toHaveAttribute('data-key', 'errors.aboveBalance');
    expect(q('order-deposit')!.textContent).toBe(fill(t.form.goDeposit, { asset: 'USDT' }));
    expect(q('order-deposit')!.getAttribute('href')).toBe('/wallet-deposit/USDT');
    expect(q('order-transfer')).toBeNull();
    // The other side starts afresh (the price goes with it): a sell spends ETH.
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await typeInto('order-price', '2000');
    await typeInto('order-volume', '3');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.poll(() => q('order-deposit')?.getAttribute('href')).toBe('/wallet-deposit/ETH');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the exchange’s balance refusal (10101) offers the deposit too', async () => {
    await actAsync(async () => session.actions.setUser({ userName: 'a', orderConfirmStatus: false }, []));
    const onSubmit = vi.fn(async (_: OrderRequest) => {
      throw new ApiError({ kind: 'business', message: 'Insufficient balance', code: Code.insufficientBalance, path: '/trade/sendOrder' });
    });
    await mount(<OrderForm rules={ETHUSDT_SPOT_RULES} balance={spotCtx} onSubmit={onSubmit} funding={{ depositPath: deposit }} />, lang);
    await typeInto('order-price', '2000');
    await typeInto('order-volume', '0.1');
    expect(q('order-deposit')).toBeNull();
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-refused')).toHaveTextContent(t.form.refused.balance);
    expect(q('order-deposit')!.getAttribute('href')).toBe('/wallet-deposit/USDT');
  });

  it('USD-M: above the balance offers the deposit of the quote asset and the transfer', async () => {
    const onTransfer = vi.fn();
    await mount(<OrderForm rules={BTCUSDT_USDM_RULES} balance={() => futuresCtx} onSubmit={vi.fn(async () => {})} funding={{ depositPath: deposit, onTransfer }} />, lang);
    await typeInto('order-price', '60000');
    await typeInto('order-volume', '1');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-volume-error')).toHaveAttribute('data-key', 'errors.aboveBalance');
    expect(q('order-deposit')!.getAttribute('href')).toBe('/wallet-deposit/USDT');
    expect(q('order-transfer')!.textContent).toBe(t.form.goTransfer);
    await userEvent.click(page.getByTestId('order-transfer'));
    expect(onTransfer).toHaveBeenCalledTimes(1);
  });
});

describe('the trading page’s USD-M ticket', () => {
  const btc = { symbol: 'BTCUSDT', market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', pricePrecision: 1, amountPrecision: 3, listInstrumentId: 'BTC/USDT', minNotional: '5' } as Pair;

  it('links the wallet’s crypto deposit of USDT and opens the transfer modal from the capital account into USD-M', async () => {
    vi.spyOn(tradeApi, 'fees').mockResolvedValue([{ instrumentId: 'BTCUSDT', makerFeeRate: '0.0002', takerFeeRate: '0.0005' }] as never);
    vi.spyOn(tradeApi, 'balances').mockResolvedValue([] as never);
    vi.spyOn(tradeApi, 'transferAvailable').mockResolvedValue({ available: '500' } as never);
    tickersStore.setState({ tickers: { spot: {}, usdm: { BTCUSDT: { s: 'BTCUSDT', c: 60000, o: 60000, h: 60000, l: 60000, v: 0, q: 0, E: 0 } } } });
    leverageStore.setState({ symbol: 'BTCUSDT', leverage: 10 });
    session.setState({ isLogin: true, keyId: 'key-1', positionSide: 'oneWay', crossed: true });
    futuresData.store.setState({
      capital: { asset: 'USDT', marginRatio: '0', balance: '100', availableBalance: '100', unrealizedProfitLoss: '0', maintMargin: '0', marginBalance: '100', orderMargin: '0' },
      positions: [],
    });
    // The page's one transfer modal sits in the futures toolbar (FuturesTransfer); here beside the ticket.
    await mount(
      <>
        <TradeForm pair={btc} />
        <FuturesTransfer keyId="key-1" />
      </>,
    );
    await typeInto('order-price', '60000');
    await typeInto('order-volume', '1');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-volume-error')).toHaveAttribute('data-key', 'errors.aboveBalance');
    expect(q('order-deposit')!.getAttribute('href')).toBe('/en-US/wallet/recharge/coin/USDT');
    expect(q('transfer-modal')).toBeNull();
    await userEvent.click(page.getByTestId('order-transfer'));
    await expect.poll(() => q('transfer-modal')?.getAttribute('data-code')).toBe('FUNDING_UMFUTURE');
    expect((q('transfer-from') as HTMLSelectElement).value).toBe('capital');
    expect((q('transfer-to') as HTMLSelectElement).value).toBe('swap');
  });
});
