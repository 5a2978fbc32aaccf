// The route table of spec §2, as data: the router is built from it and a test checks it against the spec.
// Paths are relative to the language segment (`/:lang/...`).

export type LayoutKind = 'main' | 'white' | 'broker';

export interface PageRoute {
  path: string;
  /** Page key: names the page (translations under common:pages.*) and its component. */
  page: string;
  layout: LayoutKind;
  /** spec §2 "Public routes (no token)"; every other route needs a token. */
  public?: boolean;
}

export interface RedirectRoute {
  path: string;
  to: string;
  layout: LayoutKind;
}

/** The broker manager's base path; its pages always render in Hong Kong Chinese (spec §1). */
export const BROKER_BASE = 'brokerManager';

const main = (path: string, page: string, isPublic = false): PageRoute => ({ path, page, layout: 'main', public: isPublic });

export const pageRoutes: PageRoute[] = [
  main('home', 'home', true),
  main('login', 'login', true),
  main('register', 'register', true),
  main('trading/:instrumentId', 'trading', true),
  main('market', 'market', true),
  main('lightning', 'lightning', true),
  main('brokers', 'brokers', true),
  main('charts', 'charts', true),
  main('reminder', 'reminder', true),
  main('message', 'message', true),
  main('nologin/convert/coin', 'nologinConvertCoin', true),
  main('nologin/convert/fiat', 'nologinConvertFiat', true),
  main('otc/form/unlogin', 'otcFormUnlogin', true),
  // spec §1 help centre (FAQ): public, like the marketing pages; an article has its own URL.
  main('help', 'help', true),
  main('help/:category', 'helpCategory', true),
  main('help/:category/:article', 'helpArticle', true),
  // spec §1 marketing pages, public like the home page that links to them.
  main('about/otc', 'aboutOtc', true),
  main('about/liquidity', 'aboutLiquidity', true),
  main('about/electricity', 'aboutElectricity', true),
  main('about/quant', 'aboutQuant', true),
  // The link of the mail about a stranger's failed attempts (server/README.md "Lockouts"): public, the token is the
  // credential; the owner may be signed out (or locked out) when it is opened.
  main('freeze-account', 'freezeByLink', true),

  main('wallet/overview', 'walletOverview'),
  main('wallet/assetAccount', 'walletAssetAccount'),
  main('wallet/tradingAccount', 'walletTradingAccount'),
  main('wallet/withdraw/coin/:asset', 'walletWithdrawCoin'),
  main('wallet/withdraw/fiat/:asset', 'walletWithdrawFiat'),
  main('wallet/recharge/coin/:asset', 'walletRechargeCoin'),
  main('wallet/recharge/fiat/:asset', 'walletRechargeFiat'),
  main('wallet/address/coinAddress', 'walletCoinAddress'),
  main('wallet/address/fiatAddress', 'walletFiatAddress'),

  main('record/coin', 'recordCoin'),
  main('record/fiat/recharge', 'recordFiatRecharge'),
  main('record/fiat/withdraw', 'recordFiatWithdraw'),
  main('record/transfer', 'recordTransfer'),
  main('record/spotTrade', 'recordSpotTrade'),
  main('record/futureTrade', 'recordFutureTrade'),
  main('record/convert', 'recordConvert'),

  main('convert/coin', 'convertCoin'),
  main('otc/form', 'otcForm'),

  main('otcinfo/avaliable', 'otcinfoAvailable'),
  main('otcinfo/record', 'otcinfoRecord'),
  main('otcinfo/list', 'otcinfoList'),
  main('otcinfo/validate', 'otcinfoValidate'),
  main('otcinfo/recharge/fiat/:asset', 'otcinfoRechargeFiat'),
  main('otcinfo/recharge/coin/:asset', 'otcinfoRechargeCoin'),
  main('otcinfo/withdraw/fiat/:asset', 'otcinfoWithdrawFiat'),
  main('otcinfo/withdraw/coin/:asset', 'otcinfoWithdrawCoin'),
  main('otcinfo/address/coinAddress', 'otcinfoCoinAddress'),
  main('otcinfo/address/fiatAddress', 'otcinfoFiatAddress'),

  main('loan', 'loan'),
  // spec §2 screen "electricity-pay": the signed-in flow; the marketing page is about/electricity.
  main('electricity-pay', 'electricityPay'),

  main('account/information', 'accountInformation'),
  main('account/safe', 'accountSafe'),
  main('account/freeze', 'accountFreeze'),
  main('account/hitory', 'accountHistory'),
  main('account/kyc', 'accountKyc'),

  { path: 'dataChart', page: 'dataChart', layout: 'white', public: true },
  { path: 'h5/dataChart', page: 'h5DataChart', layout: 'white', public: true },
  { path: 'userCenter', page: 'userCenter', layout: 'white' },

  ...(
    [
      ['account', 'brokerAccount'],
      ['total', 'brokerTotal'],
      ['api-management', 'brokerApiManagement'],
      ['recharge', 'brokerRecharge'],
      ['brokers-withdraw', 'brokerWithdraw'],
      ['broker-transfer', 'brokerTransfer'],
      ['account-detail/:brokerAccountId', 'brokerAccountDetail'],
      ['addressList', 'brokerAddressList'],
      ['messafeSetting', 'brokerMessageSetting'],
      ['project', 'brokerProject'],
      ['redeem', 'brokerRedeem'],
      ['investment', 'brokerInvestment'],
      ['api', 'brokerApi'],
      ['investmentChart', 'brokerInvestmentChart'],
      ['bill', 'brokerBill'],
      ['project-detail/:projectNo', 'brokerProjectDetail'],
      ['interest', 'brokerInterest'],
      ['assetRecord', 'brokerAssetRecord'],
      ['operateRecord', 'brokerOperateRecord'],
      ['assetFlow', 'brokerAssetFlow'],
      ['profit', 'brokerProfit'],
    ] as const
  ).map(([path, page]): PageRoute => ({ path: `${BROKER_BASE}/${path}`, page, layout: 'broker', public: true })),
];

// spec §2 default redirects. Where the spec names no default (wallet, account), the first child is used.
export const redirectRoutes: RedirectRoute[] = [
  { path: 'record', to: 'record/coin', layout: 'main' },
  { path: 'record/fiat', to: 'record/fiat/recharge', layout: 'main' },
  { path: 'convert', to: 'convert/coin', layout: 'main' },
  { path: 'otc', to: 'otc/form', layout: 'main' },
  { path: 'otcinfo', to: 'otcinfo/avaliable', layout: 'main' },
  { path: 'otcinfo/recharge', to: 'otcinfo/recharge/fiat/USD', layout: 'main' },
  { path: 'otcinfo/withdraw', to: 'otcinfo/withdraw/fiat/USD', layout: 'main' },
  { path: 'wallet', to: 'wallet/overview', layout: 'main' },
  { path: 'account', to: 'account/information', layout: 'main' },
  { path: 'about', to: 'about/otc', layout: 'main' },
  { path: BROKER_BASE, to: `${BROKER_BASE}/project`, layout: 'broker' },
];

/** spec §2: "The asset parameter is uppercase letters only." */
export const ASSET_PARAM = /^[A-Z]+$/;
