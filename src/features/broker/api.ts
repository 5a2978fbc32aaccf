import type { AccountCalls } from '../../../contract/account.ts';
import type { BrokerLookupCalls } from '../../../contract/broker-lookup.ts';
import type { BrokerProjectCalls } from '../../../contract/broker-projects.ts';
import type { ReplyOf } from '../../../contract/call.ts';
import { apiGet, apiPost } from '../../lib/api/index.ts';

// The broker manager's shell calls, typed from the contract (types only). Quiet: the screens show their errors.
const quiet = { silent: true } as const;

export type ExchangeConfig = ReplyOf<BrokerLookupCalls['/broker/listAllExchangeConfig']>[number];
export type BrokerAsset = ReplyOf<BrokerLookupCalls['/broker/asset/listAll']>[number];
export type BrokerProjectOption = ReplyOf<BrokerProjectCalls['/broker/project']>[number];

export const brokerShellApi = {
  /** spec §7 listAllExchangeConfig (POST, no body). */
  exchanges: () => apiPost<ExchangeConfig[] | null>('/broker/listAllExchangeConfig', undefined, quiet),
  /** spec §7 asset/listAll (POST, no body). */
  assets: () => apiPost<BrokerAsset[] | null>('/broker/asset/listAll', undefined, quiet),
  /** spec §7 GET /broker/project: the organisation's projects for the lookup store (issue 15). */
  projects: () => apiGet<BrokerProjectOption[] | null>('/broker/project', quiet),
  /** spec §6 menu: opening broker rights (institution users). */
  openRights: () => apiPost<ReplyOf<AccountCalls['/institution/agree/broker/open']>>('/institution/agree/broker/open', undefined, quiet),
};
