import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { EmptyState } from '../../components/index.ts';
import { findPair, loadPairs, pairsStore, startFavouritesSync } from '../market/index.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { HealthBar } from './HealthBar.tsx';
import { OrderBook } from './OrderBook.tsx';
import { PairHeader } from './PairHeader.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { TradeFormSlot } from './TradeFormSlot.tsx';
import { OrdersArea } from './futures-data/OrdersArea.tsx';
import './order-entry/register.ts';
import { tradingPrefs } from './trading-prefs.ts';
import './trading.css';

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

  useEffect(() => {
    void loadPairs();
    startFavouritesSync();
  }, []);
  useEffect(() => {
    // spec §3 stored keys: the trading pair (spec §3: "The selected product gets instrumentId equal to symbol").
    if (pair) tradingPrefs.setPair({ symbol: pair.symbol, market: pair.market });
  }, [pair]);

  if (!pair) {
    return (
      <div className="td-trading td-trading--empty">
        {status === 'ready' || status === 'error' ? <EmptyState text={t(status === 'error' ? 'errors.loadFailed' : 'errors.unknownPair', { symbol })} /> : null}
      </div>
    );
  }
  return (
    <div className="td-trading" data-symbol={pair.symbol} data-market={pair.market}>
      <PairHeader pair={pair} lang={lang} />
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
