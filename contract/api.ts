import { accountCalls } from './account.ts';
import { authCalls, gaResetCalls } from './auth.ts';
import { brokerAnalyticsCalls, brokerPublicChartCalls } from './broker-analytics.ts';
import { brokerAddressCalls, brokerMessageCalls } from './broker-config.ts';
import { brokerControlCalls } from './broker-controls.ts';
import { brokerFundCalls } from './broker-funds.ts';
import { brokerInterestCalls } from './broker-interest.ts';
import { brokerLookupCalls } from './broker-lookup.ts';
import { brokerProfitCalls } from './broker-profit.ts';
import { brokerProjectCalls } from './broker-projects.ts';
import { brokerAccountCalls } from './broker.ts';
import { configCalls } from './config.ts';
import { convertCalls } from './convert.ts';
import { electricityCalls } from './electricity.ts';
import { fiatCalls } from './fiat.ts';
import { futuresCalls } from './futures.ts';
import { helpCalls } from './help.ts';
import { kycCalls } from './kyc.ts';
import { lightningCalls } from './lightning.ts';
import { loanCalls } from './loans.ts';
import { marketConfigCalls } from './market-config.ts';
import { messageCalls } from './messages.ts';
import { otcAddressCalls, otcCalls, otcEnquiryCalls } from './otc.ts';
import { publicCalls } from './public.ts';
import { securityCalls } from './security.ts';
import { spotCalls } from './trade.ts';
import { transferCalls, walletCalls } from './wallet.ts';

/**
 * Every call of the provider API the app makes (spec §7), by path: the sandbox's dev controls (`*DevCalls`) are
 * not in it. The app takes its type only (`import type { ApiCalls }`): src/lib/api/request.ts derives the method,
 * auth and reply of `request(path, …)` from it, and src/lib/api/call-table.ts is its value-only table, checked
 * against this object by src/lib/api/call-table.test.ts.
 */
export const apiCalls = {
  ...publicCalls,
  ...authCalls,
  ...gaResetCalls,
  ...securityCalls,
  ...accountCalls,
  ...kycCalls,
  ...messageCalls,
  ...helpCalls,
  ...configCalls,
  ...marketConfigCalls,
  ...walletCalls,
  ...fiatCalls,
  ...transferCalls,
  ...convertCalls,
  ...otcCalls,
  ...otcAddressCalls,
  ...otcEnquiryCalls,
  ...loanCalls,
  ...electricityCalls,
  ...spotCalls,
  ...futuresCalls,
  ...lightningCalls,
  ...brokerAccountCalls,
  ...brokerLookupCalls,
  ...brokerFundCalls,
  ...brokerControlCalls,
  ...brokerProfitCalls,
  ...brokerInterestCalls,
  ...brokerProjectCalls,
  ...brokerAnalyticsCalls,
  ...brokerPublicChartCalls,
  ...brokerAddressCalls,
  ...brokerMessageCalls,
};

export type ApiCalls = typeof apiCalls;
export type ApiPath = keyof ApiCalls;
