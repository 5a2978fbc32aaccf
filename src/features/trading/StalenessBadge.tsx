import { useTranslation } from 'react-i18next';
import type { Market } from '../../market/index.ts';
import { useBookFreshness } from './book-freshness.ts';
import { ageLabel } from './staleness.ts';

/**
 * Data age of the pair's book on screen, or why there is none (resyncing, offline): the book's freshness
 * (book-freshness.ts), which looks twice a second and re-renders only when its text would change, so a healthy
 * badge costs no frame (main-thread budget).
 */
export function StalenessBadge({ market, symbol }: { market: Market; symbol: string }) {
  const { t } = useTranslation('trading');
  const { t: tr } = useTranslation('risk');
  const { state, ageMs } = useBookFreshness(market, symbol);
  const age = ageLabel(t, ageMs) ?? '';
  return (
    <span className={`td-stale td-stale--${state}`} data-testid="staleness-badge" data-state={state} role="status">
      {state === 'loading' ? tr('book.loading') : t(`staleness.${state}`, { age })}
    </span>
  );
}
