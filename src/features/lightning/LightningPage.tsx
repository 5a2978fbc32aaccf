import Decimal from 'decimal.js';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { SearchableDropdown, type DropdownOption } from '../../components/index.ts';
import { tickersStore, useMarkPrice, useTicker } from '../../market/index.ts';
import { showToast } from '../../lib/toast/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { findPair, fixed, loadPairs, pairsStore, type Pair } from '../market/index.ts';
import { OrdersArea, useTradingAccount } from '../trading/shared.ts';
import { ConfigPanel } from './ConfigPanel.tsx';
import { FeePanel } from './FeePanel.tsx';
import { HotkeyPanel } from './HotkeyPanel.tsx';
import { actionFor, type HotkeyAction } from './hotkeys.ts';
import { cancelAll, cancelOrders, closeAll, place, refreshOpenOrders, refreshPositions, type ActionResult } from './lightning-actions.ts';
import { LightningLadder } from './LightningLadder.tsx';
import { activeConfig, lightningStore, loadConfigs, loadFees, loadKeyboard, recentreLadder, setVolume, togglePanel } from './lightning-store.ts';
import { PositionPanel } from './PositionPanel.tsx';
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

/** The on-screen twins of the hotkeys (issue 18): each button shows its key and runs the same action. */
const BAR_ACTIONS = ['buy', 'sell', 'close', 'cancelAll', 'recentre'] as const satisfies readonly HotkeyAction[];

function ActionBar({ run, enabled }: { run: (action: HotkeyAction) => void; enabled: boolean }) {
  const { t } = useTranslation('lightning');
  const keyboard = useStore(lightningStore, (s) => s.keyboard);
  const volume = useStore(lightningStore, (s) => s.volume);
  return (
    <div className="td-lt-actions" role="group" aria-label={t('actions.title')} data-testid="lightning-actions">
      {BAR_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          className={`td-lt-action td-lt-action--${action}`}
          data-testid={`action-${action}`}
          disabled={!enabled && action !== 'recentre'}
          aria-keyshortcuts={keyboard.enabled ? keyboard.keys[action].toUpperCase() : undefined}
          onClick={() => run(action)}
        >
          {t(`hotkeys.actions.${action}`)}
          {keyboard.enabled && <kbd>{keyboard.keys[action].toUpperCase()}</kbd>}
        </button>
      ))}
      <span className="td-lt-size" data-testid="lightning-size">
        {t('actions.size')} <strong>{volume.trim() === '' ? t('actions.noSize') : volume}</strong>
      </span>
    </div>
  );
}

/** USD-M pairs, to switch the terminal's symbol (issue 18 symbol picker). */
function SymbolPicker({ pair }: { pair: Pair }) {
  const { t } = useTranslation('lightning');
  const [search, setSearch] = useSearchParams();
  const usdm = useStore(pairsStore, (s) => s.usdm);
  const options = useMemo<DropdownOption[]>(() => usdm.map((p) => ({ value: p.symbol, label: p.listInstrumentId })), [usdm]);
  return (
    <div className="td-lt-symbol" data-testid="lightning-symbol">
      <SearchableDropdown
        options={options}
        value={pair.symbol}
        ariaLabel={t('symbol')}
        onChange={(symbol) => {
          const next = new URLSearchParams(search);
          next.set('symbol', symbol);
          setSearch(next);
        }}
      />
    </div>
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
    const load = () => {
      refreshOpenOrders(pair, keyId).catch(() => {});
      refreshPositions(pair, keyId).catch(() => {});
    };
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

  // Every action, from a hotkey or its button, answers with a toast (issue 18: feedback for every hotkey).
  const run = useCallback(
    (action: HotkeyAction) => {
      const say = (severity: 'success' | 'info' | 'warn' | 'error', key: string, params: Record<string, unknown> = {}) => showToast({ severity, text: t(key, params) });
      if (action === 'recentre') {
        recentreLadder();
        say('info', 'feedback.recentred');
        return;
      }
      const state = lightningStore.getState();
      const config = activeConfig(state);
      if (action.startsWith('size')) {
        const n = Number(action.slice(4));
        const preset = config?.sizes[n - 1];
        if (!preset) {
          say('warn', 'feedback.noPreset', { n });
          return;
        }
        setVolume(preset);
        {
          say('info', 'feedback.sizeSet', { size: preset });
          return;
        }
      }
      if (!pair || !keyId) {
          say('warn', isLogin ? 'loading' : 'signIn');
          return;
        }
      if (action === 'buy' || action === 'sell') {
        if (config && !config.switchOpen) {
          say('warn', 'feedback.oneClickOff');
          return;
        }
        if (state.volume.trim() === '') {
          say('warn', 'feedback.noSize');
          return;
        }
        const last = tickersStore.getState().tickers.usdm[pair.symbol]?.c;
        const reference = last ? new Decimal(String(last)) : null;
        void place(pair, keyId, { side: action, priceType: 'market', volume: state.volume, referencePrice: reference }).then(report);
      } else if (action === 'close') {
        closeAll(pair, keyId)
          .then(({ closed }) => (closed > 0 ? say('success', 'feedback.closed') : say('info', 'feedback.noPosition')))
          .catch(() => {}); // refused: the API client shows why
      } else if (action === 'cancelAll') {
        cancelAll(pair, keyId)
          .then(({ cancelled }) => (cancelled > 0 ? say('success', 'feedback.cancelled', { count: cancelled }) : say('info', 'feedback.noOrders')))
          .catch(() => {});
      }
    },
    [pair, keyId, isLogin, report, t],
  );
  const runRef = useRef(run);
  useLayoutEffect(() => {
    runRef.current = run;
  });

  // Hotkeys (spec §7 keyboard config): buy, sell, close, cancel all, recentre, size presets.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = actionFor(lightningStore.getState().keyboard, event);
      if (!action) return;
      event.preventDefault();
      runRef.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!pair) return <div className="td-lightning" data-testid="lightning-page" />;
  const ready = isLogin && keyId !== null;
  return (
    <div className={`td-lightning${panels.mini ? ' td-lightning--mini' : ''}`} data-testid="lightning-page" data-ready={ready}>
      <div className="td-lt-top">
        <SymbolPicker pair={pair} />
        <div className="td-lt-toggles" role="group" aria-label={t('panels.title')}>
          {(['mini', 'market', 'tradeData'] as const).map((p) => (
            <button key={p} type="button" className="td-chip" aria-pressed={panels[p]} data-testid={`panel-${p}`} onClick={() => togglePanel(p)}>
              {t(`panels.${p}`)}
            </button>
          ))}
        </div>
      </div>
      {!ready && <p className="td-muted">{t(isLogin ? 'loading' : 'signIn')}</p>}
      <div className="td-lt-grid">
        <div className="td-lt-side">
          {panels.market && <MarketPanel pair={pair} />}
          {ready && <PositionPanel pair={pair} />}
        </div>
        <div className="td-lt-main">
          <ActionBar run={run} enabled={ready} />
          <LightningLadder
            pair={pair}
            enabled={ready && oneClick}
            onPick={(side, price) => {
              if (!keyId) return;
              const volume = lightningStore.getState().volume;
              if (volume.trim() === '') {
                showToast({ severity: 'warn', text: t('feedback.noSize') });
                return;
              }
              void place(pair, keyId, { side, priceType: 'limit', price, volume, referencePrice: null }).then(report);
            }}
            onCancel={(orderIds) => keyId && void cancelOrders(pair, keyId, orderIds).catch(() => {})}
          />
        </div>
        {ready && !panels.mini && <ConfigPanel />}
        {ready && !panels.mini && <HotkeyPanel />}
        {ready && !panels.mini && <FeePanel symbol={pair.symbol} />}
      </div>
      {panels.tradeData && <OrdersArea pair={pair} />}
    </div>
  );
}
