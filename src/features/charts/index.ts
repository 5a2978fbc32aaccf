// Entry of the charts feature: the full-page chart of a pair (spec §2 `charts`, public), a lazily loaded chunk.
export const chartsPages = {
  charts: () => import('./ChartsPage.tsx'),
};
