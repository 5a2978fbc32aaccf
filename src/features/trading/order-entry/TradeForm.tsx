import Decimal from 'decimal.js';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { depositPath } from '../../../app/paths.ts';
import { useTicker } from '../../../market/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import type { Pair } from '../../market/index.ts';
import { holdsOrderEntry, useBookFreshness } from '../book-freshness.ts';
import { futuresData } from '../futures-data/instance.ts';
import { refreshOwnOrders } from '../own-orders.ts';
import { tradeApi, type PositionView, type SendOrder } from '../futures-data/trade-api.ts';
import { useTradingAccount } from '../futures-data/use-trading-account.ts';
import { leverageStore } from '../modals/leverage-store.ts';
import { setFormModesSlot } from '../modals/form-modes-slot.ts';
import { SWAP_ASSET } from '../modals/transfer-codes.ts';
import { showTransferModal } from '../modals/transfer-store.ts';
import { OrderForm, type Funding, type OrderRequest } from './OrderForm.tsx';
import { PickedPriceNote } from './PickedPriceNote.tsx';
import { refreshSpotBalances, useSpotBalances } from './use-spot-balance.ts';
import { useTakerFee } from './use-taker-fee.ts';
import type { BalanceContext } from './validate.ts';
import { futuresBalance } from './futures-context.ts';
import { hedgeSideOf } from '../../../../contract/futures-risk.ts';
import { ageLabel } from '../staleness.ts';

const NO_POSITIONS: PositionView[] = [];

/** The USD-M fields a form order carries (spec §7 "Lightning futures" sendOrder) (only those set; hedge mode has no reduceOnly flag). */
function futuresExtras(order: OrderRequest, hedge: boolean): Partial<SendOrder> {
  return {
    ...(order.stopPrice ? { stopPrice: order.stopPrice, workingType: order.workingType ?? 'MARK_PRICE' } : {}),
    ...(order.timeInForce && order.timeInForce !== 'GTC' ? { timeInForce: order.timeInForce } : {}),
    ...(order.postOnly ? { postOnly: true } : {}),
    ...(order.callbackRate ? { callbackRate: order.callbackRate, workingType: order.workingType ?? 'MARK_PRICE' } : {}),
    ...(order.activationPrice ? { activationPrice: order.activationPrice } : {}),
    ...(order.reduceOnly && !hedge ? { reduceOnly: true } : {}),
    ...(order.takeProfit ? { takeProfitPrice: order.takeProfit } : {}),
    ...(order.stopLoss ? { stopLossPrice: order.stopLoss } : {}),
    ...((order.takeProfit || order.stopLoss) && !order.stopPrice ? { workingType: order.workingType ?? 'MARK_PRICE' } : {}),
  };
}

/** The trade form on the trading page: balances, reference price and leverage wired to the order form. */
export function TradeForm({ pair }: { pair: Pair }) {
  const { t } = useTranslation('orders');
  const { t: tt } = useTranslation('trading');
  const isLogin = useSession((s) => s.isLogin);
  const hedge = useSession((s) => s.positionSide === 'hedge');
  const keyId = useTradingAccount();
  const ticker = useTicker(pair.symbol, pair.market);
  const { spot, failed: spotFailed } = useSpotBalances(isLogin && pair.market === 'spot');
  const capital = useStore(futuresData.store, (s) => s.capital);
  // Every open position (not the positions tab's filtered rows): cross positions share the wallet the estimate needs.
  const positions = useStore(futuresData.store, (s) => s.positions ?? NO_POSITIONS);
  const crossed = useSession((s) => s.crossed);
  const leverage = useStore(leverageStore, (s) => (s.symbol === pair.symbol ? s.leverage : null));
  const { rate: takerFee, failed: feeFailed, retry: retryFee } = useTakerFee(pair, keyId);
  // spec §8 "Fee Retrieval Failed": the estimated fee's call (spot: the trade account query; USD-M: fee/query) failed —
  // the ticket says so, offers a retry and holds its submit until the fee is known.
  const feeRetry = pair.market === 'spot' ? (spotFailed ? refreshSpotBalances : null) : feeFailed ? retryFee : null;
  const { lang = '' } = useParams();
  // spec §8 "Insufficient Balance (offers Go to Deposit)": the wallet's crypto deposit of the asset the order spends
  // (every pair trades coins); USD-M also offers the transfer into the futures account (spec §4 capital → swap).
  const funding = useMemo<Funding>(
    () => ({ depositPath: (asset) => depositPath(lang, asset, 'coin'), ...(pair.market === 'usdm' ? { onTransfer: () => showTransferModal({ from: 'capital', to: 'swap', asset: SWAP_ASSET }) } : {}) }),
    [lang, pair.market],
  );

  const last = ticker?.c;
  const referencePrice = useMemo(() => (last !== undefined && last > 0 ? new Decimal(String(last)) : null), [last]);

  // Spot sells spend the base asset; USD-M orders close first what they trade against (futures-context.ts).
  const balance = useCallback(
    (direction: 'buy' | 'sell', reduceOnly: boolean): BalanceContext => {
      if (pair.market === 'spot') {
        const free = spot?.free;
        // The trade account's taker rate prices the ticket's estimated fee.
        return {
          available: free ? new Decimal(free[direction === 'sell' ? pair.baseAsset : pair.quoteAsset] ?? '0') : null,
          referencePrice,
          ...(spot ? { takerFeeRate: new Decimal(spot.takerFeeRate) } : {}),
        };
      }
      return futuresBalance(
        { symbol: pair.symbol, capital, positions, hedge, crossed, leverage: leverage ?? 1, takerFeeRate: takerFee, referencePrice },
        direction,
        reduceOnly,
      );
    },
    [pair, spot, capital, positions, hedge, crossed, leverage, takerFee, referencePrice],
  );

  const blocked = !isLogin
    ? t('form.signIn')
    : pair.market === 'usdm' && !keyId
      ? t('form.noKey')
      : pair.market === 'spot' && spot?.forbidden
        ? t('form.spotForbidden')
        : null;

  // Spec §4 "Live market connection": no order against a book that is out of date (its connection down, or out of
  // sync); the age tells how old the prices on screen are.
  const freshness = useBookFreshness(pair.market, pair.symbol);
  const held = holdsOrderEntry(freshness.state);
  const age = ageLabel(tt, freshness.ageMs);
  const holdText = held ? (age === null ? t('form.staleBookNoAge') : t('form.staleBook', { age })) : null;

  const submit = async (order: OrderRequest) => {
    // A confirmation answered after the book went out of date sends nothing.
    if (held) throw new Error('the book is out of date');
    const done = () => {
      showToast({ severity: 'success', text: t('form.placed') });
      futuresData.refresh();
      void refreshOwnOrders();
      refreshSpotBalances();
    };
    // A spot OCO: both legs in one call (server/trade/README.md "Order types", sendOcoOrder).
    if (order.priceType === 'oco') {
      await tradeApi.sendOco({
        instrumentId: pair.symbol,
        direction: order.direction,
        price: order.price!,
        stopPrice: order.stopPrice!,
        stopLimitPrice: order.stopLimitPrice!,
        volume: order.volume,
      });
      done();
      return;
    }
    await tradeApi.sendOrder(pair.market, {
      instrumentId: pair.symbol,
      direction: order.direction,
      priceType: order.priceType,
      ...(order.price ? { price: order.price } : {}),
      volume: order.volume,
      ...(pair.market === 'usdm' && keyId ? { exchangeKeyId: keyId } : {}),
      // Hedge mode: opening buys are LONG, opening sells SHORT; a reduce-only (closing) order names the side it closes.
      ...(pair.market === 'usdm' && hedge ? { positionSide: hedgeSideOf(order.direction, order.reduceOnly ?? false) } : {}),
      ...(pair.market === 'usdm' ? futuresExtras(order, hedge) : {}),
      // A spot stop-limit order's trigger (on the last price; server/trade/README.md "Order types").
      ...(pair.market === 'spot' && order.stopPrice ? { stopPrice: order.stopPrice } : {}),
    });
    done();
  };

  return (
    <section className="td-panel td-form-slot td-trade-form" aria-label={t('form.title')} data-testid="trade-form">
      {/* The futures toolbar puts margin mode and leverage here, beside the form (spec §3 "Leverage state"). */}
      {pair.market === 'usdm' && <div className="td-form-modes" ref={setFormModesSlot} data-testid="form-modes" />}
      <PickedPriceNote pair={pair} />
      <OrderForm key={`${pair.market}:${pair.symbol}`} rules={pair} balance={balance} onSubmit={submit} blockedText={blocked} holdText={holdText} funding={funding} feeRetry={feeRetry} />
    </section>
  );
}
