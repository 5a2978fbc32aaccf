import Decimal from 'decimal.js';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { tickersStore, useMarkPrice, useTicker } from '../../market/index.ts';
import { showToast } from '../../lib/toast/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { findPair, fixed, loadPairs, pairsStore, type Pair } from '../market/index.ts';
import { OrdersArea, useTradingAccount } from '../trading/shared.ts';
import { ConfigPanel } from './ConfigPanel.tsx';
import { FeePanel } from './FeePanel.tsx';
import { HotkeyPanel } from './HotkeyPanel.tsx';
import { actionFor } from './hotkeys.ts';
import { cancelAll, cancelOne, closeAll, place, refreshOpenOrders, type ActionResult } from './lightning-actions.ts';
import { LightningBook } from './LightningBook.tsx';
import { activeConfig, lightningStore, loadConfigs, loadFees, loadKeyboard, setVolume, togglePanel } from './lightning-store.ts';
import './lightning.css';

const OPEN_ORDERS_POLL_MS = 5000; // spec §9 futures polling

function MarketPanel({ pair }: { pair: Pair }) {
  const { t } = useTranslation('lightning');
  const ticker = useTicker(pair.symbol, 'usdm');
  const mark = useMarkPrice(pair.symbol);
  return (
    <section className="td-lt-panel td-lt-market" data-testid="lightning-market">
      <h2>{pair.listInstrumentId}</h2>
      <p>
        {t('market.last')} <strong data-testid="lightning-last">{fixed(ticker?.c, pair.pricePrecision)}</strong>
      </p>
      <p>
        {t('market.mark')} <strong>{fixed(mark?.markPrice, pair.pricePrecision)}</strong>
      </p>
    </section>
  );
}

/** `/lightning` (spec §2, public): the one-click USD-M terminal. */
export default function LightningPage() {
  const { t } = useTranslation('lightning');
  const [search] = useSearchParams();
  const symbol = (search.get('symbol') ?? 'BTCUSDT').toUpperCase();
  const pair = useStore(pairsStore, (s) => findPair(s, 'usdm', symbol));
  const isLogin = useSession((s) => s.isLogin);
  const keyId = useTradingAccount();
  const panels = useStore(lightningStore, (s) => s.panels);
  const oneClick = useStore(lightningStore, (s) => activeConfig(s)?.switchOpen ?? true);
  // Subscribes the pair's ticker; the hotkey handler reads the latest value from the store.
  useTicker(symbol, 'usdm');

  useEffect(() => void loadPairs(), []);
  useEffect(() => {
    if (!keyId) return undefined;
    loadConfigs().catch(() => {});
    loadKeyboard().catch(() => {});
    loadFees(keyId).catch(() => {});
    return undefined;
  }, [keyId]);
  useEffect(() => {
    if (!keyId || !pair) return undefined;
    const load = () => void refreshOpenOrders(pair, keyId).catch(() => {});
    load();
    const timer = setInterval(load, OPEN_ORDERS_POLL_MS);
    return () => clearInterval(timer);
  }, [keyId, pair]);

  const report = useCallback(
    (result: ActionResult) => {
      if (result.ok) showToast({ severity: 'success', text: t('placed') });
      else if (result.error) showToast({ severity: 'error', text: t(`orders:${result.error.key}`, result.error.params ?? {}) });
    },
    [t],
  );

  // Hotkeys (spec §7 keyboard config): buy, sell, close, cancel all, size presets.
  useEffect(() => {
    if (!keyId || !pair) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const state = lightningStore.getState();
      const action = actionFor(state.keyboard, event);
      if (!action) return;
      event.preventDefault();
      const config = activeConfig(state);
      const last = tickersStore.getState().tickers.usdm[pair.symbol]?.c;
      const reference = last ? new Decimal(String(last)) : null;
      if (action === 'buy' || action === 'sell') {
        if (config && !config.switchOpen) return;
        void place(pair, keyId, { side: action, priceType: 'market', volume: state.volume, referencePrice: reference }).then(report);
      } else if (action === 'close') void closeAll(pair, keyId).catch(() => {});
      else if (action === 'cancelAll') void cancelAll(pair, keyId).catch(() => {});
      else {
        const preset = config?.sizes[Number(action.slice(4)) - 1];
        if (preset) setVolume(preset);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyId, pair, report]);

  if (!pair) return <div className="td-lightning" data-testid="lightning-page" />;
  const ready = isLogin && keyId !== null;
  return (
    <div className={`td-lightning${panels.mini ? ' td-lightning--mini' : ''}`} data-testid="lightning-page" data-ready={ready}>
      <div className="td-lt-toggles" role="group" aria-label={t('panels.title')}>
        {(['mini', 'market', 'tradeData'] as const).map((p) => (
          <button key={p} type="button" className="td-chip" aria-pressed={panels[p]} data-testid={`panel-${p}`} onClick={() => togglePanel(p)}>
            {t(`panels.${p}`)}
          </button>
        ))}
      </div>
      {!ready && <p className="td-muted">{t(isLogin ? 'loading' : 'signIn')}</p>}
      <div className="td-lt-grid">
        {panels.market && <MarketPanel pair={pair} />}
        <LightningBook
          pair={pair}
          enabled={ready && oneClick}
          onPick={(side, price) => {
            if (!keyId) return;
            void place(pair, keyId, { side, priceType: 'limit', price, volume: lightningStore.getState().volume, referencePrice: null }).then(report);
          }}
          onCancel={(orderId) => keyId && void cancelOne(pair, keyId, orderId).catch(() => {})}
        />
        {ready && !panels.mini && <ConfigPanel />}
        {ready && !panels.mini && <HotkeyPanel />}
        {ready && !panels.mini && <FeePanel symbol={pair.symbol} />}
      </div>
      {panels.tradeData && <OrdersArea pair={pair} />}
    </div>
  );
}
