import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { validateConfig, type LightningConfig } from './lightning-configs.ts';
import { activate, addConfig, deleteConfig, lightningStore, setVolume } from './lightning-store.ts';

const EMPTY: LightningConfig = { name: '', volume: '', sizes: ['', '', ''], switchOpen: true };

/** Saved one-click configurations (spec §7 queryLightningList, addLightning, delLightning, memoryLightning). */
export function ConfigPanel() {
  const { t } = useTranslation('lightning');
  const list = useStore(lightningStore, (s) => s.list);
  const activeIndex = useStore(lightningStore, (s) => s.activeIndex);
  const volume = useStore(lightningStore, (s) => s.volume);
  const [draft, setDraft] = useState<LightningConfig>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const problem = validateConfig(draft);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await addConfig({ ...draft, name: draft.name.trim() });
      setDraft(EMPTY);
      setError(null);
    } catch {
      // shown by the API client
    }
  };

  return (
    <section className="td-lt-panel td-lt-configs" aria-label={t('configs.title')} data-testid="lightning-configs">
      <h2>{t('configs.title')}</h2>
      <ul>
        {list.map((c, i) => (
          <li key={c.id} data-testid="lightning-config" data-active={i === activeIndex}>
            <button type="button" className="td-chip" aria-pressed={i === activeIndex} onClick={() => void activate(i).catch(() => {})}>
              {c.config.name}
            </button>
            <span className="td-muted">{c.config.volume}</span>
            <button type="button" className="td-link" aria-label={t('configs.delete', { name: c.config.name })} onClick={() => void deleteConfig(c.id).catch(() => {})}>
              {t('configs.deleteShort')}
            </button>
          </li>
        ))}
      </ul>
      <label className="td-lt-volume">
        {t('configs.volume')}
        <input data-testid="lightning-volume" inputMode="decimal" value={volume} onChange={(e) => setVolume(e.target.value)} />
      </label>
      <fieldset className="td-lt-add">
        <legend>{t('configs.add')}</legend>
        <input aria-label={t('configs.name')} placeholder={t('configs.name')} data-testid="config-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <input aria-label={t('configs.volume')} placeholder={t('configs.volume')} data-testid="config-volume" value={draft.volume} onChange={(e) => setDraft({ ...draft, volume: e.target.value })} />
        {draft.sizes.map((s, i) => (
          <input
            key={i}
            aria-label={t('configs.preset', { n: i + 1 })}
            placeholder={t('configs.preset', { n: i + 1 })}
            data-testid={`config-size${i + 1}`}
            value={s}
            onChange={(e) => {
              const sizes = [...draft.sizes] as LightningConfig['sizes'];
              sizes[i] = e.target.value;
              setDraft({ ...draft, sizes });
            }}
          />
        ))}
        <label>
          <input type="checkbox" checked={draft.switchOpen} onChange={(e) => setDraft({ ...draft, switchOpen: e.target.checked })} />
          {t('configs.switchOpen')}
        </label>
        <button type="button" data-testid="config-save" onClick={() => void save()}>
          {t('configs.save')}
        </button>
        {error && (
          <p className="td-of-error" role="alert" data-testid="config-error">
            {t(`configs.errors.${error}`)}
          </p>
        )}
      </fieldset>
    </section>
  );
}
