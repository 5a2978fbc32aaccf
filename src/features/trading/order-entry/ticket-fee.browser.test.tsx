import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ApiError } from '../../../lib/api/index.ts';
import { session } from '../../../lib/session/index.ts';
import { tickersStore } from '../../../market/index.ts';
import { withMarketBridge } from '../../../market/testing.ts';
import type { Pair } from '../../market/index.ts';
import { futuresData } from '../futures-data/instance.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import { leverageStore } from '../modals/leverage-store.ts';
import { TradeForm } from './TradeForm.tsx';
import { mountTicket, ticketResources, unmountTicket, type TicketLang } from './ticket-testing.tsx';

// spec §8 "Fee Retrieval Failed" on the trading ticket, in Chromium and both languages: the estimated fee's rate comes
// from a call (USD-M: fee/query; spot: the trade account query). When it fails the ticket says so, offers a retry and
// holds its submit; the retry that answers releases it.

const resources = ticketResources;

const btc = { symbol: 'BTCUSDT', market: 'usdm', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.1', stepSize: '0.001', pricePrecision: 1, amountPrecision: 3, listInstrumentId: 'BTC/USDT', minNotional: '5' } as Pair;
const eth = { symbol: 'ETHUSDT', market: 'spot', baseAsset: 'ETH', quoteAsset: 'USDT', tickSize: '0.01', stepSize: '0.0001', pricePrecision: 2, amountPrecision: 4, listInstrumentId: 'ETH/USDT', minNotional: '5' } as Pair;
const down = () => new ApiError({ kind: 'network', message: 'Network error', path: '/broker' });

withMarketBridge();

afterEach(unmountTicket);

async function mount(pair: Pair, lang: TicketLang): Promise<void> {
  session.setState({ isLogin: true, keyId: 'key-1', positionSide: 'oneWay', crossed: true });
  tickersStore.setState({
    tickers: { spot: { ETHUSDT: { s: 'ETHUSDT', c: 2000, o: 2000, h: 2000, l: 2000, v: 0, q: 0, E: 0 } }, usdm: { BTCUSDT: { s: 'BTCUSDT', c: 60000, o: 60000, h: 60000, l: 60000, v: 0, q: 0, E: 0 } } },
  });
  leverageStore.setState({ symbol: 'BTCUSDT', leverage: 10 });
  futuresData.store.setState({
    capital: { asset: 'USDT', marginRatio: '0', balance: '10000', availableBalance: '10000', unrealizedProfitLoss: '0', maintMargin: '0', marginBalance: '10000', orderMargin: '0' },
    positions: [],
  });
  await mountTicket(<TradeForm pair={pair} />, lang);
}

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);

describe.each(['en-US', 'zh-HK'] as const)('Fee Retrieval Failed on the ticket (%s)', (lang) => {
  const t = resources[lang].orders;

  it('USD-M: a failed fee query holds the submit with the message and a retry; the retry that answers releases it', async () => {
    const fees = vi
      .spyOn(tradeApi, 'fees')
      .mockRejectedValueOnce(down())
      .mockResolvedValue([{ instrumentId: 'BTCUSDT', makerFeeRate: '0.0002', takerFeeRate: '0.0004' }] as never);
    await mount(btc, lang);
    await expect.poll(() => q('order-fee-failed')?.textContent).toBe(`${t.form.feeFailed}${t.form.retryFee}`);
    expect(q<HTMLButtonElement>('order-submit')!.disabled).toBe(true);
    await userEvent.click(page.getByTestId('order-fee-retry'));
    await expect.poll(() => q('order-fee-failed')).toBeNull();
    expect(q<HTMLButtonElement>('order-submit')!.disabled).toBe(false);
    expect(fees).toHaveBeenCalledTimes(2);
  });

  it('spot: a failed trade account query (balances and taker rate) holds the submit until the retry answers', async () => {
    const account = vi
      .spyOn(tradeApi, 'spotAccount')
      .mockRejectedValueOnce(down())
      .mockResolvedValue({ spotTradingForbidden: false, balances: [{ asset: 'USDT', free: '1000', locked: '0' }], takerFeeRate: '0.001' } as never);
    await mount(eth, lang);
    await expect.poll(() => q('order-fee-failed')?.textContent).toBe(`${t.form.feeFailed}${t.form.retryFee}`);
    expect(q<HTMLButtonElement>('order-submit')!.disabled).toBe(true);
    await userEvent.click(page.getByTestId('order-fee-retry'));
    await expect.poll(() => q('order-fee-failed')).toBeNull();
    expect(q<HTMLButtonElement>('order-submit')!.disabled).toBe(false);
    expect(account).toHaveBeenCalledTimes(2);
  });
});
