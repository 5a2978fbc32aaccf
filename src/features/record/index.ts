// Entry of the record feature: its pages (lazily loaded chunks).
export const recordPages = {
  recordCoin: () => import('./CoinRecordPage.tsx'),
  recordSpotTrade: () => import('./SpotTradePage.tsx'),
  recordFutureTrade: () => import('./FutureTradePage.tsx'),
};
