import { useTranslation } from 'react-i18next';
import { useMarketHealth } from '../../market/index.ts';

/** Connection health from the core's figures: state and messages/s per endpoint, resyncs, tabs. */
export function HealthBar() {
  const { t } = useTranslation('trading');
  const health = useMarketHealth();
  if (health === null) {
    return (
      <footer className="td-health" data-testid="market-health">
        {t('health.starting')}
      </footer>
    );
  }
  return (
    <footer className="td-health" data-testid="market-health" aria-label={t('health.title')}>
      {health.endpoints.map((e) => (
        <span key={e.id} className={`td-health-endpoint td-health--${e.state}`} data-endpoint={e.id} data-state={e.state}>
          <span className="td-health-dot" aria-hidden="true" />
          {t('health.endpoint', { name: t(`health.endpoints.${e.id}`), state: t(`health.states.${e.state}`), rate: Math.round(e.messagesPerSecond) })}
        </span>
      ))}
      <span data-testid="health-resyncs">{t('health.resyncs', { count: health.resyncs })}</span>
      <span>{t('health.tabs', { count: health.tabs })}</span>
      {health.staleTopics.length > 0 && <span className="td-down">{t('health.stale', { count: health.staleTopics.length })}</span>}
    </footer>
  );
}
