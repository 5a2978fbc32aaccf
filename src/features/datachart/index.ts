// Entry of the public data chart (spec §2 white layout: dataChart, h5/dataChart; no token): a project's shareable,
// read-only performance page, desktop and phone, each a lazily loaded page of one chunk.
export const datachartPages = {
  dataChart: () => import('./DataChartPage.tsx'),
  h5DataChart: () => import('./H5DataChartPage.tsx'),
};
