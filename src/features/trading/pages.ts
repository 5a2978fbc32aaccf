// The trading feature's page (spec §2 trading), a lazily loaded chunk: the page table (src/app/pages.ts) imports only
// this, so what ./index.ts shares with other features (and its imports) does not join the start-up JavaScript.
export const tradingPages = {
  trading: () => {
    // Its first book's market data starts with its chunk (early-market.ts), not after its first render.
    import('./early-market.ts').then((m) => m.startEarlyMarket(window.location)).catch(() => undefined);
    return import('./TradingPage.tsx');
  },
};
