import { type Reply, request } from '../../lib/api/request.ts';
import { quiet } from './calls.ts';

// The broker manager's shell calls, typed from the contract (types only). Quiet: the screens show their errors.

export type ExchangeConfig = Reply<'/broker/listAllExchangeConfig'>[number];
export type BrokerAsset = Reply<'/broker/asset/listAll'>[number];
export type BrokerProjectOption = Reply<'/broker/project'>[number];

export const brokerShellApi = {
  /** spec §7 listAllExchangeConfig (POST, no body). */
  exchanges: (): Promise<ExchangeConfig[] | null> => request('/broker/listAllExchangeConfig', undefined, quiet),
  /** spec §7 asset/listAll (POST, no body). */
  assets: (): Promise<BrokerAsset[] | null> => request('/broker/asset/listAll', undefined, quiet),
  /** spec §7 GET /broker/project: the organisation's projects for the lookup store (spec §7 "Downloads": the lookup store's data). */
  projects: (): Promise<BrokerProjectOption[] | null> => request('/broker/project', undefined, quiet),
  /** spec §6 menu: opening broker rights (institution users). */
  /** Opens broker rights, accepting the broker agreement of this version (the text the gate shows). */
  openRights: (agreementVersion: string) => request('/institution/agree/broker/open', { agreementVersion }, quiet),
};
