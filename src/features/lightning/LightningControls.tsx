import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { showToast } from '../../lib/toast/index.ts';
import { tickersStore } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import { actionFor, type HotkeyAction } from './hotkeys.ts';
import { cancelAll, closeAll, type ActionResult } from './lightning-actions.ts';
import { placeGuarded } from './lightning-guard.tsx';
import { activeConfig, lightningStore, recentreLadder, setVolume } from './lightning-store.ts';

/** The toast of a one-click order: placed, or why it was not (the order rules' message). */
export function reportPlaced(result: ActionResult, t: TFunction): void {
  if (result.ok) showToast({ severity: 'success', text: t('lightning:placed') });
  else if (result.error) showToast({ severity: 'error', text: t(`orders:${result.error.key}`, result.error.params ?? {}) });
}

/**
 * Runs a terminal action from a hotkey or its button. Every action answers with a toast (feedback for every
 * hotkey): placed or refused, no size set, one-click off, closed or nothing to close, cancelled or nothing
 * to cancel, the size preset taken or missing, the ladder recentred. Refusals by the server are shown by the
 * API client.
 */
export function useLightningRun(pair: Pair | undefined, keyId: string | null, isLogin: boolean): (action: HotkeyAction) => void {
  const { t } = useTranslation('lightning');
  return useCallback(
    (action: HotkeyAction) => {
      const say = (severity: 'success' | 'info' | 'warn', key: string, params: Record<string, unknown> = {}) => showToast({ severity, text: t(key, params) });
      if (action === 'recentre') {
        recentreLadder();
        say('info', 'feedback.recentred');
        return;
      }
      const state = lightningStore.getState();
      const config = activeConfig(state);
      if (action === 'size1' || action === 'size2' || action === 'size3') {
        const n = Number(action.slice(4));
        const preset = config?.sizes[n - 1];
        if (!preset) {
          say('warn', 'feedback.noPreset', { n });
          return;
        }
        setVolume(preset);
        say('info', 'feedback.sizeSet', { size: preset });
        return;
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
        placeGuarded(pair, keyId, { side: action, priceType: 'market', volume: state.volume, referencePrice: reference }, (result) => reportPlaced(result, t));
      } else if (action === 'close') {
        closeAll(pair, keyId)
          .then(({ closed }) => (closed > 0 ? say('success', 'feedback.closed') : say('info', 'feedback.noPosition')))
          .catch(() => {}); // refused: the API client shows why
      } else {
        cancelAll(pair, keyId)
          .then(({ cancelled }) => (cancelled > 0 ? say('success', 'feedback.cancelled', { count: cancelled }) : say('info', 'feedback.noOrders')))
          .catch(() => {});
      }
    },
    [pair, keyId, isLogin, t],
  );
}

/** The on-screen twins of the hotkeys (spec §7 keyboard config): each button shows its key and runs the same action. */
const BAR_ACTIONS = ['buy', 'sell', 'close', 'cancelAll', 'recentre'] as const satisfies readonly HotkeyAction[];

/** The terminal's action buttons and its hotkeys (spec §7 keyboard config), one runner for both. */
export function LightningControls({ pair, keyId, isLogin }: { pair: Pair; keyId: string | null; isLogin: boolean }) {
  const { t } = useTranslation('lightning');
  const keyboard = useStore(lightningStore, (s) => s.keyboard);
  const volume = useStore(lightningStore, (s) => s.volume);
  const run = useLightningRun(pair, keyId, isLogin);
  const runRef = useRef(run);
  useLayoutEffect(() => {
    runRef.current = run;
  });
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
  const ready = isLogin && keyId !== null;
  return (
    <div className="td-lt-actions" role="group" aria-label={t('actions.title')} data-testid="lightning-actions">
      {BAR_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          className={`td-lt-action td-lt-action--${action}`}
          data-testid={`action-${action}`}
          disabled={!ready && action !== 'recentre'}
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
