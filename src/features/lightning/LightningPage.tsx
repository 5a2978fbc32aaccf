import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { SearchableDropdown, type DropdownOption } from '../../components/index.ts';
import { useMarkPrice, useTicker } from '../../market/index.ts';
import { showToast } from '../../lib/toast/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { findPair, fixedGrouped, loadPairs, pairsStore, type Pair } from '../market/index.ts';
import { OrdersArea, useTradingAccount } from '../trading/shared.ts';
import { ConfigPanel } from './ConfigPanel.tsx';
import { FeePanel } from './FeePanel.tsx';
import { HotkeyPanel } from './HotkeyPanel.tsx';
import { cancelOrders, refreshOpenOrders, refreshPositions } from './lightning-actions.ts';
import { LightningGuard, placeGuarded } from './lightning-guard.tsx';
import { LightningControls, reportPlaced } from './LightningControls.tsx';
import { LightningLadder } from './LightningLadder.tsx';
import { activeConfig, lightningStore, loadConfigs, loadFees, loadKeyboard, togglePanel } from './lightning-store.ts';
import { PositionPanel } from './PositionPanel.tsx';
import { TradersPanel } from './TradersPanel.tsx';
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
        {t('market.last')} <strong data-testid="lightning-last">{fixedGrouped(ticker?.c, pair.pricePrecision)}</strong>
      </p>
      <p>
        {t('market.mark')} <strong>{fixedGrouped(mark?.markPrice, pair.pricePrecision)}</strong>
      </p>
    </section>
  );
}

/** USD-M pairs, to switch the terminal's symbol. */
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
  // Subscribes the pair's ticker and mark; the hotkey handler and the fat-finger guard read the latest values from the stores.
  useTicker(symbol, 'usdm');
  useMarkPrice(symbol);

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

  const heading = <h1 className="td-visually-hidden">{t('common:pages.lightning')}</h1>;
  if (!pair) return <div className="td-lightning" data-testid="lightning-page">{heading}</div>;
  const ready = isLogin && keyId !== null;
  return (
    <div className={`td-lightning${panels.mini ? ' td-lightning--mini' : ''}`} data-testid="lightning-page" data-ready={ready}>
      {heading}
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
          <LightningControls pair={pair} keyId={keyId} isLogin={isLogin} />
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
              placeGuarded(pair, keyId, { side, priceType: 'limit', price, volume, referencePrice: null }, (result) => reportPlaced(result, t));
            }}
            onCancel={(orderIds) => keyId && void cancelOrders(pair, keyId, orderIds).catch(() => {})}
          />
        </div>
        {ready && !panels.mini && (
          <div className="td-lt-panels">
            <ConfigPanel />
            <HotkeyPanel />
            <FeePanel symbol={pair.symbol} />
            <TradersPanel />
          </div>
        )}
      </div>
      {panels.tradeData && <OrdersArea pair={pair} />}
      <LightningGuard pair={pair} />
    </div>
  );
}
