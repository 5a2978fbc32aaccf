import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { accountPages } from '../features/account/pages.ts';
import { brokerConfigPages } from '../features/broker/config/index.ts';
import { brokerPages } from '../features/broker/pages.ts';
import { brokerMoneyPages } from '../features/broker/money/index.ts';
import { chartsPages } from '../features/charts/index.ts';
import { convertPages } from '../features/convert/index.ts';
import { datachartPages } from '../features/datachart/index.ts';
import { electricityPages } from '../features/electricity/index.ts';
import { helpPages } from '../features/help/index.ts';
import { homePages } from '../features/home/index.ts';
import { kycPages } from '../features/kyc/pages.ts';
import { marketingPages } from '../features/marketing/index.ts';
import { messagesPages } from '../features/messages/index.ts';
import { lightningPages } from '../features/lightning/index.ts';
import { loanPages } from '../features/loans/index.ts';
import { marketPages } from '../features/market/pages.ts';
import { otcPages } from '../features/otc/index.ts';
import { recordPages } from '../features/record/index.ts';
import { tradingPages } from '../features/trading/pages.ts';
import { userCenterPages } from '../features/usercenter/index.ts';
import { walletPages } from '../features/wallet/index.ts';
import { lazyPage, type Prepare } from '../lib/chunks/index.ts';
import { isLanguage, loadNamespaces } from '../lib/i18n/index.ts';
import { shownLanguage } from './shown-language.ts';
import { PAGE_NAMESPACES } from './page-namespaces.ts';
import { pageRoutes } from './route-table.ts';

// Page key (route-table.ts) → page component, each a lazily loaded chunk. Pages not built yet
// show the coming-soon page until their feature registers them here.
const loaders: Record<string, [chunk: string, load: () => Promise<{ default: ComponentType }>]> = {
  home: ['home', homePages.home],
  login: ['account', accountPages.login],
  register: ['account', accountPages.register],
  accountInformation: ['account', accountPages.accountInformation],
  accountSafe: ['account', accountPages.accountSafe],
  accountFreeze: ['account', accountPages.accountFreeze],
  freezeByLink: ['account', accountPages.freezeByLink],
  accountHistory: ['account', accountPages.accountHistory],
  accountKyc: ['kyc', kycPages.accountKyc],
  market: ['market', marketPages.market],
  trading: ['trading', tradingPages.trading],
  lightning: ['lightning', lightningPages.lightning],
  walletOverview: ['wallet', walletPages.walletOverview],
  walletAssetAccount: ['wallet', walletPages.walletAssetAccount],
  walletTradingAccount: ['wallet', walletPages.walletTradingAccount],
  walletRechargeCoin: ['wallet', walletPages.walletRechargeCoin],
  walletWithdrawCoin: ['wallet', walletPages.walletWithdrawCoin],
  walletCoinAddress: ['wallet', walletPages.walletCoinAddress],
  walletRechargeFiat: ['wallet', walletPages.walletRechargeFiat],
  walletWithdrawFiat: ['wallet', walletPages.walletWithdrawFiat],
  walletFiatAddress: ['wallet', walletPages.walletFiatAddress],
  recordCoin: ['record', recordPages.recordCoin],
  recordFiatRecharge: ['record', recordPages.recordFiatRecharge],
  recordFiatWithdraw: ['record', recordPages.recordFiatWithdraw],
  recordTransfer: ['record', recordPages.recordTransfer],
  recordConvert: ['record', recordPages.recordConvert],
  recordSpotTrade: ['record', recordPages.recordSpotTrade],
  recordFutureTrade: ['record', recordPages.recordFutureTrade],
  convertCoin: ['convert', convertPages.convertCoin],
  loan: ['loans', loanPages.loan],
  electricityPay: ['electricity', electricityPages.electricityPay],
  nologinConvertCoin: ['convert', convertPages.nologinConvertCoin],
  nologinConvertFiat: ['convert', convertPages.nologinConvertFiat],
  help: ['help', helpPages.help],
  helpCategory: ['help', helpPages.helpCategory],
  helpArticle: ['help', helpPages.helpArticle],
  ...Object.fromEntries(Object.entries(otcPages).map(([page, load]) => [page, ['otc', load] as const])),
  aboutOtc: ['marketing', marketingPages.aboutOtc],
  aboutLiquidity: ['marketing', marketingPages.aboutLiquidity],
  aboutElectricity: ['marketing', marketingPages.aboutElectricity],
  aboutQuant: ['marketing', marketingPages.aboutQuant],
  brokers: ['marketing', marketingPages.brokers],
  message: ['messages', messagesPages.message],
  reminder: ['messages', messagesPages.reminder],
  charts: ['charts', chartsPages.charts],
  dataChart: ['datachart', datachartPages.dataChart],
  h5DataChart: ['datachart', datachartPages.h5DataChart],
  userCenter: ['usercenter', userCenterPages.userCenter],
  brokerAddressList: ['broker-config', brokerConfigPages.brokerAddressList],
  brokerMessageSetting: ['broker-config', brokerConfigPages.brokerMessageSetting],
  ...Object.fromEntries(Object.entries(brokerPages).map(([page, load]) => [page, ['broker', load] as const])),
  ...Object.fromEntries(Object.entries(brokerMoneyPages).map(([page, load]) => [page, ['broker-money', load] as const])),
};

/** Whether a page key has its page registered (false: its route shows the coming-soon page). */
export function isRegistered(page: string): boolean {
  return page in loaders;
}

/**
 * Loads a chunk's locale namespaces (page-namespaces.ts) in the language its page shows: the URL's, zh-HK in the broker
 * manager (spec §1), which LanguageRoot switches to as the page renders.
 */
export function chunkNamespaces(chunk: string): Prepare {
  return () => {
    const { pathname } = window.location;
    const segment = pathname.split('/')[1];
    return loadNamespaces(PAGE_NAMESPACES[chunk] ?? [], isLanguage(segment) ? shownLanguage(pathname, segment) : undefined);
  };
}

/**
 * At start (src/main.tsx): the chunk of the page the URL names starts loading at once, and its namespaces are returned
 * for initI18n to load beside the start-up ones, so the first page's chunk and texts come in parallel with the start,
 * not after the first render. lazyPage then finds the module on its way (the browser imports a module once).
 */
export function preloadFirstPage(pathname: string): readonly string[] {
  const route = pageRoutes.find((r) => matchPath(`/:lang/${r.path}`, pathname) !== null);
  const entry = route ? loaders[route.page] : undefined;
  if (!route || !entry) return [];
  // A failure is the page's own to show (spec §8 chunk load error), when lazyPage loads it.
  entry[1]().catch(() => undefined);
  return [...(PAGE_NAMESPACES[entry[0]] ?? []), ...(route.layout === 'broker' ? (PAGE_NAMESPACES['brokerLayout'] ?? []) : [])];
}

const comingSoon = lazyPage('comingSoon', () => import('./pages/ComingSoonPage.tsx'), chunkNamespaces('comingSoon'));
const cache = new Map<string, ComponentType>();

export function pageComponent(page: string): ComponentType {
  const entry = loaders[page];
  if (!entry) return comingSoon;
  let component = cache.get(page);
  if (!component) {
    component = lazyPage(entry[0], entry[1], chunkNamespaces(entry[0]));
    cache.set(page, component);
  }
  return component;
}
