// Entry of the wallet feature: its pages (lazily loaded chunks). The overview, asset-account and
// trading-account pages are one component with three views.
import { createElement } from 'react';

const view = (name: 'overview' | 'assetAccount' | 'tradingAccount') => () =>
  import('./OverviewPage.tsx').then((m) => ({ default: () => createElement(m.WalletPage, { view: name }) }));

export const walletPages = {
  walletOverview: view('overview'),
  walletAssetAccount: view('assetAccount'),
  walletTradingAccount: view('tradingAccount'),
  walletRechargeCoin: () => import('./RechargeCoinPage.tsx'),
  walletWithdrawCoin: () => import('./WithdrawCoinPage.tsx'),
  walletCoinAddress: () => import('./CoinAddressPage.tsx'),
  walletRechargeFiat: () => import('./RechargeFiatPage.tsx'),
  walletWithdrawFiat: () => import('./WithdrawFiatPage.tsx'),
  walletFiatAddress: () => import('./FiatAddressPage.tsx'),
};
