import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useParams } from 'react-router-dom';
import { BROKER_NAV_GROUPS } from './nav-groups.ts';

/**
 * The broker manager's menu, grouped as spec §2 "Broker pages". Links in document order (Tab moves through them,
 * focus is drawn by the theme's :focus-visible); on a phone (≤ 768 px) it folds behind a menu button that says
 * whether it is open, closes on Escape (focus back on the button) and after a page is chosen.
 */
export function BrokerNav({ paths }: { paths: Readonly<Record<string, string>> }) {
  const { t } = useTranslation('broker');
  const { t: tc } = useTranslation();
  const { lang } = useParams();
  const { pathname } = useLocation();
  const id = useId();
  // Open on the page it was opened on: choosing another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const toggle = useRef<HTMLButtonElement>(null);

  return (
    <aside
      className={`td-broker-nav${open ? ' is-open' : ''}`}
      data-testid="broker-nav"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <div className="td-broker-nav__bar">
        <p className="td-broker-nav__title">{tc('broker.title')}</p>
        <button
          ref={toggle}
          type="button"
          className="td-broker-nav__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          data-testid="broker-nav-toggle"
        >
          {open ? t('shell.closeMenu') : t('shell.menu')}
        </button>
      </div>
      <nav id={id} className="td-broker-nav__menu" aria-label={t('shell.navLabel')}>
        {BROKER_NAV_GROUPS.map((group) => (
          <div key={group.key} className="td-broker-nav__group">
            <span className="td-broker-nav__heading" id={`${id}-${group.key}`}>
              {t(`nav.${group.key}`)}
            </span>
            <ul aria-labelledby={`${id}-${group.key}`} data-testid={`broker-nav-${group.key}`}>
              {group.pages.map((page) =>
                paths[page] ? (
                  <li key={page}>
                    <NavLink to={`/${lang}/${paths[page]}`} data-testid="broker-nav-link" data-page={page}>
                      {tc(`pages.${page}`)}
                    </NavLink>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
