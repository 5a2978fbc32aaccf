/**
 * spec §2 "Broker pages: account, project, billing, records, config, overview, data analysis, API management,
 * portfolio": the broker manager's routes (route-table.ts page keys) grouped under those headings, in that
 * order. The detail pages (account-detail, project-detail) are reached from their lists, not from the menu.
 */
export const BROKER_NAV_GROUPS = [
  { key: 'account', pages: ['brokerAccount', 'brokerRecharge', 'brokerWithdraw', 'brokerTransfer'] },
  { key: 'project', pages: ['brokerProject', 'brokerRedeem', 'brokerInterest', 'brokerProfit'] },
  { key: 'billing', pages: ['brokerBill'] },
  { key: 'records', pages: ['brokerAssetRecord', 'brokerOperateRecord', 'brokerAssetFlow'] },
  { key: 'config', pages: ['brokerAddressList', 'brokerMessageSetting'] },
  { key: 'overview', pages: ['brokerTotal'] },
  { key: 'dataAnalysis', pages: ['brokerInvestmentChart'] },
  { key: 'apiManagement', pages: ['brokerApiManagement', 'brokerApi'] },
  { key: 'portfolio', pages: ['brokerInvestment'] },
] as const;

export type BrokerNavGroup = (typeof BROKER_NAV_GROUPS)[number]['key'];
