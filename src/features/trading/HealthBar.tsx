import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketHealth } from '../../market/index.ts';
import { connectionSummary } from './health-summary.ts';
import { ageLabel } from './staleness.ts';

/**
 * The market-data connection as a customer needs it: a small indicator with the age of the freshest data
 * (spec §4 "Live market connection"). The developer's figures (state and messages/s per endpoint, resyncs, tabs) sit behind a
 * diagnostics toggle.
 */
export function HealthBar() {
  const { t } = useTranslation('trading');
  const { t: tr } = useTranslation('risk');
  const health = useMarketHealth();
  const [open, setOpen] = useState(false);
  const { state, ageMs } = connectionSummary(health);
  const age = ageLabel(t, ageMs);
  return (
    <footer className="td-health" data-testid="market-health" data-state={state} aria-label={t('health.title')}>
      <span className="td-health-summary" role="status" data-testid="health-summary">
        <span className={`td-health-dot td-health-dot--${state}`} aria-hidden="true" />
        {tr('health.summary', { state: tr(`health.${state}`) })}
        {age !== null && <span className="td-muted"> · {tr('health.age', { age })}</span>}
      </span>
      <button type="button" className="td-link td-health-toggle" data-testid="health-diagnostics-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {tr(open ? 'health.hideDiagnostics' : 'health.diagnostics')}
      </button>
      {open && health !== null && (
        <span className="td-health-detail" data-testid="health-diagnostics">
          {health.endpoints.map((e) => (
            <span key={e.id} className={`td-health-endpoint td-health--${e.state}`} data-endpoint={e.id} data-state={e.state}>
              {t('health.endpoint', { name: t(`health.endpoints.${e.id}`), state: t(`health.states.${e.state}`), rate: Math.round(e.messagesPerSecond) })}
            </span>
          ))}
          <span data-testid="health-resyncs">{t('health.resyncs', { count: health.resyncs })}</span>
          <span>{t('health.tabs', { count: health.tabs })}</span>
          {health.staleTopics.length > 0 && <span className="td-down">{t('health.stale', { count: health.staleTopics.length })}</span>}
        </span>
      )}
    </footer>
  );
}
