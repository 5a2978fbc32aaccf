import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HELP_CATEGORIES, type HelpCategory } from './articles.ts';
import './help.css';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * The help centre's frame: the trail back to the help centre's home, the search box (search.tsx) and the
 * categories beside the page (below it on a phone).
 */
export function HelpShell({ lang, crumbs, current, search, children }: { lang: string; crumbs: Crumb[]; current?: HelpCategory | undefined; search?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('help');
  return (
    <div className="td-help" data-testid="help">
      <div className="td-help-top">
        <nav className="td-help-crumbs" aria-label={t('nav.breadcrumb')}>
          <ol>
            {crumbs.map((crumb, i) => (
              <li key={i}>
                {crumb.to ? (
                  <Link to={crumb.to}>{crumb.label}</Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {search}
      </div>
      <div className="td-help-body">
        <div className="td-help-content">{children}</div>
        <nav className="td-help-nav" aria-label={t('nav.categories')}>
          <h2>{t('nav.categories')}</h2>
          <ul>
            {HELP_CATEGORIES.map((category) => (
              <li key={category}>
                <Link to={`/${lang}/help/${category}`} {...(category === current ? { 'aria-current': 'true' as const, className: 'active' } : {})}>
                  {t(`categories.${category}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
