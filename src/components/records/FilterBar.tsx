import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's filter bar: its filters (FilterSelect, TimeRangeFilter, PageSizeSelect) in one named form that wraps
 * on a narrow screen, a reset back to the page's first filters, and the actions (export) at its end. Filters
 * apply as they change: there is nothing to submit. Its texts are the broker namespace's (kit.*), which the
 * pages that use it load; its buttons take the broker's button styles (td-broker-button).
 */
export function FilterBar({ children, actions, onReset }: { children: ReactNode; actions?: ReactNode; onReset?: () => void }) {
  const { t } = useTranslation('broker');
  return (
    <form className="td-broker-filters td-record-filters" aria-label={t('kit.filters')} onSubmit={(e) => e.preventDefault()} data-testid="broker-filters">
      {children}
      {onReset || actions ? (
        <span className="td-broker-filters__actions">
          {onReset ? (
            <button type="button" className="td-broker-button td-broker-button--quiet" onClick={onReset} data-testid="broker-filters-reset">
              {t('kit.reset')}
            </button>
          ) : null}
          {actions}
        </span>
      ) : null}
    </form>
  );
}
