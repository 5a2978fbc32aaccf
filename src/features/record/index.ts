// Entry of the record feature: its pages (lazily loaded chunks).
export const recordPages = {
  recordCoin: () => import('./CoinRecordPage.tsx'),
  recordFiatRecharge: () => import('./FiatRecordPage.tsx').then((m) => ({ default: m.FiatRechargeRecordPage })),
  recordFiatWithdraw: () => import('./FiatRecordPage.tsx').then((m) => ({ default: m.FiatWithdrawRecordPage })),
  recordTransfer: () => import('./TransferRecordPage.tsx'),
  recordConvert: () => import('./ConvertRecordPage.tsx'),
  recordSpotTrade: () => import('./SpotTradePage.tsx'),
  recordFutureTrade: () => import('./FutureTradePage.tsx'),
};
