// The locale namespaces each page chunk (src/app/pages.ts) reads besides the start-up ones (START_NAMESPACES of
// src/lib/i18n): they load in parallel with the chunk, and the page renders once both are in, so it never shows a
// raw key (../shared/CONVENTIONS.md "i18n"). A namespace its chunk bundles (LAZY_NAMESPACES, addNamespace) is not
// listed. src/app/page-namespaces.test.ts checks every list against what the chunk's modules name.
export const PAGE_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  home: ['home'],
  account: ['account', 'components', 'help', 'record', 'validation'],
  kyc: ['account', 'help', 'kyc', 'validation'],
  market: ['components', 'market'],
  trading: ['components', 'orders', 'record', 'risk', 'trading'],
  lightning: ['components', 'lightning', 'orders', 'record', 'risk'],
  wallet: ['account', 'components', 'help', 'orders', 'record', 'risk', 'validation', 'wallet'],
  record: ['account', 'components', 'help', 'orders', 'record', 'risk', 'validation', 'wallet'],
  convert: ['account', 'components', 'convert', 'help', 'otc', 'record', 'validation', 'wallet'],
  otc: ['account', 'components', 'convert', 'help', 'otc', 'record', 'validation', 'wallet'],
  loans: ['account', 'components', 'help', 'loans', 'record', 'validation', 'wallet'],
  electricity: ['account', 'components', 'electricity', 'help', 'record', 'validation', 'wallet'],
  help: ['help'],
  marketing: ['account', 'help', 'validation'],
  messages: ['account'],
  charts: ['charts', 'components', 'trading'],
  datachart: ['components', 'record'],
  usercenter: ['account', 'help', 'userCenter', 'validation'],
  comingSoon: [],
  // The broker manager (spec §1: always zh-HK): its layout, then its pages.
  brokerLayout: ['account', 'components', 'help', 'validation'],
  broker: ['account', 'components', 'help', 'record', 'validation', 'wallet'],
  'broker-config': ['account', 'components', 'help', 'record', 'validation', 'wallet'],
  'broker-money': ['account', 'components', 'help', 'record', 'validation', 'wallet'],
};
