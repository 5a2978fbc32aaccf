// Entry of the OTC feature: its pages, one lazily loaded chunk. The otcinfo area's deposit, withdrawal and
// address pages are the wallet's own (its chunk), shown inside this area (OtcArea.tsx).
import type { ComponentType } from 'react';
import { walletPages } from '../wallet/index.ts';

type Loader = () => Promise<{ default: ComponentType }>;
const inArea = (load: Loader) => () => Promise.all([load(), import('./OtcArea.tsx')]).then(([page, area]) => ({ default: area.inOtcArea(page.default) }));

export const otcPages = {
  otcForm: () => import('./OtcFormPage.tsx'),
  otcFormUnlogin: () => import('./OtcFormPage.tsx').then((m) => ({ default: m.PublicOtcPage })),
  otcinfoAvailable: inArea(() => import('./AvailablePage.tsx')),
  otcinfoList: inArea(() => import('./LiveOrdersPage.tsx')),
  otcinfoRecord: inArea(() => import('./OtcRecordPage.tsx')),
  otcinfoValidate: inArea(() => import('./ValidatePage.tsx')),
  otcinfoRechargeFiat: inArea(walletPages.walletRechargeFiat),
  otcinfoRechargeCoin: inArea(walletPages.walletRechargeCoin),
  otcinfoWithdrawFiat: inArea(walletPages.walletWithdrawFiat),
  otcinfoWithdrawCoin: inArea(walletPages.walletWithdrawCoin),
  otcinfoCoinAddress: inArea(walletPages.walletCoinAddress),
  otcinfoFiatAddress: inArea(walletPages.walletFiatAddress),
};
