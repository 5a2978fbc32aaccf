import { useTranslation } from 'react-i18next';
import { marketBridge, useMarketHealth } from '../../market/index.ts';
import { connectionSummary } from './health-summary.ts';
import { ageLabel } from './staleness.ts';

/**
 * The page-level notice while market data is offline (spec §4 "Live market connection"): what the trader sees is
 * old, how old, that the app keeps reconnecting by itself (the burst of 5, then the capped back-off) and that order
 * entry waits meanwhile; "Retry now" skips the back-off.
 */
export function MarketOutageBanner() {
  const { t } = useTranslation('trading');
  const health = useMarketHealth();
  const { state, ageMs } = connectionSummary(health);
  if (state !== 'offline') return null;
  const age = ageLabel(t, ageMs);
  return (
    <div className="td-outage-banner" role="alert" data-testid="market-offline-banner">
      <span>{age === null ? t('outage.bannerNoAge') : t('outage.banner', { age })}</span>
      <button type="button" className="td-link" data-testid="market-retry" onClick={() => void marketBridge().reconnect()}>
        {t('outage.retry')}
      </button>
    </div>
  );
}
