import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { HOTKEY_ACTIONS, rebind, type HotkeyAction } from './hotkeys.ts';
import { lightningStore, saveKeyboard } from './lightning-store.ts';

/** Keyboard shortcuts (spec §7 get/updateKeyBoardConfig): press a binding, then the new key. */
export function HotkeyPanel() {
  const { t } = useTranslation('lightning');
  const keyboard = useStore(lightningStore, (s) => s.keyboard);
  const [waiting, setWaiting] = useState<HotkeyAction | null>(null);
  return (
    <section className="td-lt-panel td-lt-hotkeys" aria-label={t('hotkeys.title')} data-testid="lightning-hotkeys">
      <h2>{t('hotkeys.title')}</h2>
      <label>
        <input
          type="checkbox"
          data-testid="hotkeys-enabled"
          checked={keyboard.enabled}
          onChange={(e) => void saveKeyboard({ ...keyboard, enabled: e.target.checked }).catch(() => {})}
        />
        {t('hotkeys.enabled')}
      </label>
      <dl>
        {HOTKEY_ACTIONS.map((action) => (
          <div key={action}>
            <dt>{t(`hotkeys.actions.${action}`)}</dt>
            <dd>
              <button
                type="button"
                className="td-chip"
                data-testid={`hotkey-${action}`}
                aria-pressed={waiting === action}
                onClick={() => setWaiting(action)}
                onKeyDown={(e) => {
                  if (waiting !== action || e.key === 'Tab' || e.key === 'Enter' || e.key === ' ') return;
                  e.preventDefault();
                  e.stopPropagation();
                  setWaiting(null);
                  if (e.key === 'Escape') return;
                  const next = rebind(keyboard, action, e.key);
                  if (next !== keyboard) void saveKeyboard(next).catch(() => {});
                }}
              >
                {waiting === action ? t('hotkeys.pressKey') : keyboard.keys[action].toUpperCase()}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
