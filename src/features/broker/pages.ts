// The broker manager's pages (spec §2), each a lazily loaded chunk; the page table (src/app/pages.ts) imports only
// this, so the shell (./index.ts) travels with the broker layout's chunk.
export const brokerPages = {
  brokerAccount: () => import('./AccountPage.tsx'),
  brokerAccountDetail: () => import('./AccountDetailPage.tsx'),
  brokerTotal: () => import('./TotalPage.tsx'),
  brokerApiManagement: () => import('./ApiManagementPage.tsx'),
  brokerApi: () => import('./ApiApplyPage.tsx'),
  // Projects, their capital in and out (spec §2 broker manager; src/features/broker/projects).
  brokerProject: () => import('./projects/ProjectPage.tsx'),
  brokerProjectDetail: () => import('./projects/ProjectDetailPage.tsx'),
  brokerInvestment: () => import('./projects/InvestmentPage.tsx'),
  brokerRedeem: () => import('./projects/RedeemPage.tsx'),
  // Interest settlement and settle bills (spec §2 broker manager; src/features/broker/interest).
  brokerInterest: () => import('./interest/InterestPage.tsx'),
  brokerBill: () => import('./interest/BillPage.tsx'),
  // Profit of the projects: withdrawal, allocation, own money in (spec §2 broker manager; src/features/broker/profit).
  brokerProfit: () => import('./profit/ProfitPage.tsx'),
  // Performance and overview of the projects (spec §2 broker manager; src/features/broker/analytics).
  brokerInvestmentChart: () => import('./analytics/InvestmentChartPage.tsx'),
};
