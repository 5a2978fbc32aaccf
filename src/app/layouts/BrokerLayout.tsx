import { I18nextProvider } from 'react-i18next';
import { Outlet, useMatch } from 'react-router-dom';
import { BrokerGateScreen, BrokerNav, useBrokerAccess } from '../../features/broker/index.ts';
import { fixedLanguageInstance } from '../../lib/i18n/index.ts';
import { BROKER_BASE, pageRoutes } from '../route-table.ts';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import './layouts.css';

/** Page key → path of the broker manager's menu pages (the detail pages take a parameter and are not in it). */
const brokerPaths: Readonly<Record<string, string>> = Object.fromEntries(
  pageRoutes.filter((r) => r.layout === 'broker' && !r.path.includes(':')).map((r) => [r.page, r.path]),
);

/**
 * spec §1 "Broker pages always render in Hong Kong Chinese", whatever the URL prefix says. spec §2: the broker
 * manager is outside the token guard and checks for itself: without a session or broker rights it shows the
 * sign-in prompt or the no-permission screen instead of its menu and pages.
 */
export function BrokerLayout() {
  const zhHK = fixedLanguageInstance('zh-HK');
  const access = useBrokerAccess();
  // The manager's own path only redirects (spec §2: to the project page), whoever asks.
  const atBase = useMatch(`/:lang/${BROKER_BASE}`) !== null;
  return (
    <I18nextProvider i18n={zhHK}>
      <div className="td-broker-layout" lang="zh-HK">
        <SkipLink />
        {access === 'granted' ? <BrokerNav paths={brokerPaths} /> : null}
        <main className="td-broker-main" id={MAIN_ID} tabIndex={-1}>
          {access === 'granted' || atBase ? <Outlet /> : <BrokerGateScreen access={access} />}
        </main>
      </div>
    </I18nextProvider>
  );
}
