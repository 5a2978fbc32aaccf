import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { useWalletArea } from './area.tsx';
import './wallet.css';

// spec §2 wallet children, and the records a wallet user goes to next.
const ITEMS = [
  ['overview', 'wallet/overview'],
  ['assetAccount', 'wallet/assetAccount'],
  ['tradingAccount', 'wallet/tradingAccount'],
  ['coinAddress', 'wallet/address/coinAddress'],
  ['fiatAddress', 'wallet/address/fiatAddress'],
  ['records', 'record/coin'],
] as const;

/**
 * The wallet area (or the area the page serves, area.tsx): its side navigation and the page (the account
 * area's layout classes).
 */
export function WalletShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { nav } = useWalletArea();
  return (
    <div className="td-account td-wallet">
      {nav ?? <WalletNav />}
      <section className="td-account-main">
        <div className="td-wallet-head">
          <h1>{title}</h1>
          {actions}
        </div>
        {children}
      </section>
    </div>
  );
}

function WalletNav() {
  const { t } = useTranslation('wallet');
  const { lang } = useParams();
  return (
    <nav className="td-account-nav" aria-label={t('nav.label')}>
      {ITEMS.map(([key, path]) => (
        <NavLink key={key} to={`/${lang}/${path}`} data-testid={`wallet-nav-${key}`}>
          {t(`nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
