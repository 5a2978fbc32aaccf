// The broker manager's pages (spec §2), each a lazily loaded chunk; the page table (src/app/pages.ts) imports only
// this, so the shell (./index.ts) travels with the broker layout's chunk.
export const brokerPages = {
  brokerAccount: () => import('./AccountPage.tsx'),
  brokerAccountDetail: () => import('./AccountDetailPage.tsx'),
  brokerTotal: () => import('./TotalPage.tsx'),
  brokerApiManagement: () => import('./ApiManagementPage.tsx'),
  brokerApi: () => import('./ApiApplyPage.tsx'),
  brokerInvestmentChart: () => import('./analytics/InvestmentChartPage.tsx'),
};
