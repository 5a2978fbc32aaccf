// The market feature's page (spec §2 market), a lazily loaded chunk: the page table (src/app/pages.ts) imports only
// this, so what ./index.ts shares with other features (and its imports) does not join the start-up JavaScript.
export const marketPages = {
  market: () => import('./MarketPage.tsx'),
};
