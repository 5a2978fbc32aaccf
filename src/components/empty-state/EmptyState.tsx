import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './EmptyState.css';

export interface EmptyStateProps {
  /** Replaces the default translated 'no data' text. */
  text?: ReactNode;
  /** Optional actions under the text. */
  children?: ReactNode;
  className?: string;
}

/** spec §2: an empty-state block with 'no data' text. */
export function EmptyState({ text, children, className }: EmptyStateProps) {
  const { t } = useTranslation('components');
  return (
    <div className={['td-empty', className].filter(Boolean).join(' ')} role="status">
      <svg className="td-empty__icon" viewBox="0 0 64 48" width="64" height="48" aria-hidden="true" focusable="false">
        <path d="M8 30l8-18h32l8 18v12a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 30h14a10 4 0 0 0 20 0h14" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p className="td-empty__text">{text ?? t('empty.noData')}</p>
      {children}
    </div>
  );
}
