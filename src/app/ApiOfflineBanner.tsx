import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { apiReachability } from '../lib/api/index.ts';
import './ApiOfflineBanner.css';

/**
 * One page-level notice while the provider API does not answer (src/lib/api Reachability), instead of one error
 * toast per poll (spec §8 "Transport errors": the first failure is toasted, the rest are this notice). It goes by
 * itself with the first call that gets an answer.
 */
export function ApiOfflineBanner() {
  const { t } = useTranslation('errors');
  const down = useStore(apiReachability, (s) => s.down);
  if (!down) return null;
  return (
    <div className="td-api-offline" role="alert" data-testid="api-offline-banner">
      {t('transport.offlineBanner')}
    </div>
  );
}
