import { createElement, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { WalletAreaProvider, type WalletArea } from '../wallet/shared.ts';
import { otcApi } from './api.ts';
import './otc.css';

// spec §2 otcinfo children (recharge and withdraw default to fiat USD), and the desk's form.
const ITEMS = [
  ['available', 'otcinfo/avaliable', 'otcinfo/avaliable'],
  ['list', 'otcinfo/list', 'otcinfo/list'],
  ['record', 'otcinfo/record', 'otcinfo/record'],
  ['validate', 'otcinfo/validate', 'otcinfo/validate'],
  ['rechargeFiat', 'otcinfo/recharge/fiat/USD', 'otcinfo/recharge/fiat/'],
  ['rechargeCoin', 'otcinfo/recharge/coin/USDT', 'otcinfo/recharge/coin/'],
  ['withdrawFiat', 'otcinfo/withdraw/fiat/USD', 'otcinfo/withdraw/fiat/'],
  ['withdrawCoin', 'otcinfo/withdraw/coin/USDT', 'otcinfo/withdraw/coin/'],
  ['coinAddress', 'otcinfo/address/coinAddress', 'otcinfo/address/coinAddress'],
  ['fiatAddress', 'otcinfo/address/fiatAddress', 'otcinfo/address/fiatAddress'],
  ['form', 'otc/form', 'otc/form'],
] as const;

/** The otcinfo area's navigation; a deposit or withdrawal page of any asset marks its own entry. */
export function OtcInfoNav() {
  const { t } = useTranslation('otc');
  const { lang } = useParams();
  const { pathname } = useLocation();
  return (
    <nav className="td-account-nav" aria-label={t('info.nav.label')}>
      {ITEMS.map(([key, path, prefix]) => {
        const current = pathname.startsWith(`/${lang}/${prefix}`);
        return (
          <Link key={key} to={`/${lang}/${path}`} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined} data-testid={`otc-nav-${key}`}>
            {t(`info.nav.${key}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The otcinfo area as the wallet's pages see it (wallet/area.tsx): links under otcinfo/, this navigation, the
 * desk's coins and their networks (`/institution/block/listAsset`), and deposit addresses from `/block/trade/getAddress`
 * (spec §7).
 */
const OTC_AREA: WalletArea = { base: 'otcinfo', nav: createElement(OtcInfoNav), coins: otcApi.listAsset, depositAddress: otcApi.depositAddress };

/** A page of the otcinfo area: the wallet's own (recharge, withdraw, address books) or the desk's, inside the area. */
export function inOtcArea(Page: ComponentType): ComponentType {
  function OtcAreaPage() {
    return (
      <WalletAreaProvider area={OTC_AREA}>
        <Page />
      </WalletAreaProvider>
    );
  }
  OtcAreaPage.displayName = `OtcArea(${Page.displayName ?? Page.name})`;
  return OtcAreaPage;
}
