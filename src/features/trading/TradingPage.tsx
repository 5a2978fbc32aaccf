import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { EmptyState } from '../../components/index.ts';
import { PHONE_QUERY } from '../../lib/media/index.ts';
import { findPair, loadPairs, pairsStore, startFavouritesSync } from '../market/index.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { releaseEarlyMarket } from './early-market.ts';
import { HealthBar } from './HealthBar.tsx';
import { MarketOutageBanner } from './MarketOutageBanner.tsx';
import { OrderBook } from './OrderBook.tsx';
import { PairHeader } from './PairHeader.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { TradeFormSlot } from './TradeFormSlot.tsx';
import { OrdersArea } from './futures-data/OrdersArea.tsx';
import './order-entry/register.ts';
import { pickedPriceStore } from './picked-price.ts';
import { tradingPrefs } from './trading-prefs.ts';
import './trading.css';
import './trading-panels.css';

/** `/trading/{instrumentId}` (spec §2, public): spot by default, USD-M futures with `?market=usdm`. */
export default function TradingPage() {
  const { t } = useTranslation('trading');
  const { lang = 'zh-HK', instrumentId = '' } = useParams();
  const [search] = useSearchParams();
  const market = search.get('market') === 'usdm' ? 'usdm' : 'spot';
  const symbol = instrumentId.toUpperCase();
  const status = useStore(pairsStore, (s) => s.status);
  const pair = useStore(pairsStore, (s) => findPair(s, market, symbol));
  const layout = useStore(tradingPrefs.store, (s) => s.layout.book);
  const [view, setView] = useState<PhoneView>('chart');
  // On a phone a price picked from the book opens the form with it (the form fills the price itself).
  useEffect(
    () =>
      pickedPriceStore.subscribe((s, prev) => {
        if (s.picked && s.picked !== prev.picked && window.matchMedia(PHONE_QUERY).matches) setView('form');
      }),
    [],
  );

  useEffect(() => {
    void loadPairs();
    startFavouritesSync();
  }, []);
  // The subscriptions taken while the page loaded (early-market.ts): its panels' own hold them now (their effects ran first).
  useEffect(() => {
    if (pair) releaseEarlyMarket();
  }, [pair]);
  useEffect(() => {
    // spec §3 stored keys: the trading pair (spec §3: "The selected product gets instrumentId equal to symbol").
    if (pair) tradingPrefs.setPair({ symbol: pair.symbol, market: pair.market }, { baseCurrency: pair.baseAsset, quoteCurrency: pair.quoteAsset });
  }, [pair]);

  if (!pair) {
    return (
      <div className="td-trading td-trading--empty">
        <h1 className="td-visually-hidden">{t('common:pages.trading')}</h1>
        {status === 'ready' || status === 'error' ? <EmptyState text={t(status === 'error' ? 'errors.loadFailed' : 'errors.unknownPair', { symbol })} /> : null}
      </div>
    );
  }
  return (
    <div className="td-trading" data-symbol={pair.symbol} data-market={pair.market} data-view={view}>
      <MarketOutageBanner />
      {/* The page's one h1 (WCAG 1.3.1, 2.4.6): the design shows the pair in its header, so the heading is read, not drawn. */}
      <h1 className="td-visually-hidden">{t('header.heading', { pair: pair.listInstrumentId, market: t(`header.markets.${pair.market}`) })}</h1>
      <PairHeader pair={pair} lang={lang} />
      <PhoneTabs view={view} onChange={setView} />
      <div className="td-trading-grid">
        <OrderBook key={`${pair.market}:${pair.symbol}`} pair={pair} layout={layout} />
        <ChartPanel pair={pair} />
        <RecentTrades pair={pair} />
        <TradeFormSlot pair={pair} />
      </div>
      <OrdersArea pair={pair} />
      <HealthBar />
    </div>
  );
}

const PHONE_VIEWS = ['chart', 'book', 'trades', 'form', 'positions'] as const;
type PhoneView = (typeof PHONE_VIEWS)[number];

/**
 * Phone (spec §2 "Futures trading" on a phone, at most 760 px wide): the trading page as tabs, one panel at a time, so the order form
 * is one tap away. Wider screens hide the tab list (trading-panels.css) and show every panel. Arrow keys, Home and End
 * move between the tabs (WAI-ARIA tabs pattern, selection follows focus).
 */
function PhoneTabs({ view, onChange }: { view: PhoneView; onChange: (view: PhoneView) => void }) {
  const { t } = useTranslation('trading');
  const list = useRef<HTMLDivElement>(null);
  const label = (name: PhoneView) => (name === 'positions' ? t('phone.positions') : t(`${name}.title`));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = PHONE_VIEWS.indexOf(view);
    const next =
      event.key === 'ArrowRight' ? (at + 1) % PHONE_VIEWS.length
      : event.key === 'ArrowLeft' ? (at - 1 + PHONE_VIEWS.length) % PHONE_VIEWS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? PHONE_VIEWS.length - 1
      : -1;
    const name = PHONE_VIEWS[next];
    if (!name) return;
    event.preventDefault();
    onChange(name);
    list.current?.querySelector<HTMLElement>(`[data-view="${name}"]`)?.focus();
  };
  return (
    <div ref={list} className="td-phone-tabs" role="tablist" aria-label={t('phone.tabs')} onKeyDown={onKeyDown}>
      {PHONE_VIEWS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          data-view={name}
          data-testid={`phone-tab-${name}`}
          aria-selected={view === name}
          tabIndex={view === name ? 0 : -1}
          onClick={() => onChange(name)}
        >
          {label(name)}
        </button>
      ))}
    </div>
  );
}
