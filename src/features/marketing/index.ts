// Entry of the marketing feature: the marketing pages of spec §1 (OTC, liquidity, electricity payment, quant
// investing) and the public brokers page, one lazily loaded chunk.
export const marketingPages = {
  aboutOtc: () => import('./OtcPage.tsx'),
  aboutLiquidity: () => import('./LiquidityPage.tsx'),
  aboutElectricity: () => import('./ElectricityPage.tsx'),
  aboutQuant: () => import('./QuantPage.tsx'),
  brokers: () => import('./BrokersPage.tsx'),
};
