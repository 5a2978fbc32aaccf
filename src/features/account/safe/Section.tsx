import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpLink, type HelpArticleId } from '../../help/shared.ts';

export interface SectionProps {
  id: string;
  title: string;
  status: string;
  open: boolean;
  onToggle: () => void;
  actionLabel: string;
  /** The help article about this setting (spec §1: the help centre covers security). */
  help?: HelpArticleId;
  children: ReactNode;
}

/** One row of the security centre: what it is, its state, and its form when opened. */
export function Section({ id, title, status, open, onToggle, actionLabel, help, children }: SectionProps) {
  const { t } = useTranslation('account');
  return (
    <section className="td-safe-section" data-testid={`safe-${id}`}>
      <header>
        <div>
          <h2>{title}</h2>
          <span className="td-safe-status" data-testid={`safe-${id}-status`}>
            {status}
          </span>
          {help ? (
            <div className="td-safe-help">
              <HelpLink article={help} />
            </div>
          ) : null}
        </div>
        <button type="button" className="td-button td-button-secondary" aria-expanded={open} data-testid={`safe-${id}-toggle`} onClick={onToggle}>
          {open ? t('common.cancel') : actionLabel}
        </button>
      </header>
      {open ? <div className="td-safe-body">{children}</div> : null}
    </section>
  );
}
