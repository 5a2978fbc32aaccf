import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Modal } from '../../../components/index.ts';
import { useTheme } from '../../../lib/theme/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import type { Pair } from '../../market/index.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import './modals.css';
import { leverageStore, leveragePresets, pairRef, parseLeverage, showLeverageModal } from './leverage-store.ts';

/** spec §2 futures leverage modal; spec §3 leverage state (topLeverage default 100, max from queryMaxLeverage). */
export function LeverageModal({ pair, keyId }: { pair: Pair; keyId: string }) {
  const visible = useStore(leverageStore, (s) => s.visible);
  const current = useStore(leverageStore, (s) => s.leverage);
  const top = useStore(leverageStore, (s) => s.topLeverage);
  return visible ? <LeverageDialog key={current ?? 0} pair={pair} keyId={keyId} initial={current ?? 1} top={top} /> : <Modal visible={false} />;
}

function LeverageDialog(props: { pair: Pair; keyId: string; initial: number; top: number }) {
  const { pair, keyId, initial, top } = props;
  const { t } = useTranslation('orders');
  const theme = useTheme();
  const [text, setText] = useState(String(initial));
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const value = parseLeverage(text, top);
  const confirm = async () => {
    if (value === null) {
      setError(true);
      return;
    }
    setBusy(true);
    try {
      const reply = await tradeApi.changeLeverage(pairRef(pair, keyId), value);
      leverageStore.setState({ leverage: reply.leverage, symbol: pair.symbol, visible: false });
      showToast({ severity: 'success', text: t('leverage.changed', { leverage: reply.leverage }) });
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal visible theme={theme} title={t('leverage.title')} onClose={() => showLeverageModal(false)} onConfirm={() => void confirm()} confirmDisabled={busy}>
      <div className="td-leverage" data-testid="leverage-modal">
        <label>
          {t('leverage.label')}
          <input
            data-testid="leverage-input"
            inputMode="numeric"
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(false);
            }}
          />
        </label>
        <input
          type="range"
          min={1}
          max={top}
          value={value ?? initial}
          aria-label={t('leverage.label')}
          onChange={(e) => {
            setText(e.target.value);
            setError(false);
          }}
        />
        <div className="td-leverage-presets" role="group" aria-label={t('leverage.presets')} data-testid="leverage-presets">
          {leveragePresets(top).map((n) => (
            <button
              key={n}
              type="button"
              className={`td-pick${value === n ? ' td-pick--on' : ''}`}
              aria-pressed={value === n}
              data-testid={`leverage-preset-${n}`}
              onClick={() => {
                setText(String(n));
                setError(false);
              }}
            >
              {t('leverage.button', { leverage: n })}
            </button>
          ))}
        </div>
        <p className="td-muted">{t('leverage.max', { max: top })}</p>
        {error && (
          <p className="td-of-error" role="alert" data-testid="leverage-error">
            {t('errors.leverageRange', { max: top })}
          </p>
        )}
      </div>
    </Modal>
  );
}
