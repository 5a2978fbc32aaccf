import { useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router-dom';
import { i18next } from '../../lib/i18n/index.ts';
import { pageRoutes } from '../route-table.ts';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import './layouts.css';

const brokerNav = pageRoutes.filter((r) => r.layout === 'broker' && !r.path.includes(':'));

/** spec §1 "Broker pages always render in Hong Kong Chinese", whatever the URL prefix says. */
export function BrokerLayout() {
  const zhHK = useMemo(() => i18next.cloneInstance({ lng: 'zh-HK' }), []);
  return (
    <I18nextProvider i18n={zhHK}>
      <div className="td-broker-layout" lang="zh-HK">
        <SkipLink />
        <BrokerNav />
        <main className="td-broker-main" id={MAIN_ID} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </I18nextProvider>
  );
}

function BrokerNav() {
  const { t } = useTranslation();
  const { lang } = useParams();
  return (
    <aside className="td-broker-nav">
      <h2>{t('broker.title')}</h2>
      <nav>
        {brokerNav.map((r) => (
          <NavLink key={r.page} to={`/${lang}/${r.path}`}>
            {t(`pages.${r.page}`)}
          </NavLink>
        ))}
      </nav>
    </aside>
  );
}
