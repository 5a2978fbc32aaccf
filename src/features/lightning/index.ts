// Entry of the lightning feature: its page (a lazily loaded chunk).
export const lightningPages = {
  lightning: () => import('./LightningPage.tsx'),
};
