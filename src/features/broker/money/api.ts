import type { BrokerAccountCalls } from '../../../../contract/broker.ts';
import type { BodyOf, ReplyOf } from '../../../../contract/call.ts';
import { apiPost } from '../../../lib/api/index.ts';

// The money pages' calls (issue 14; spec §7 "Broker calls"), typed from the contract (types only). Quiet: the
// screens show refusals beside their fields or above their lists themselves.
const quiet = { silent: true } as const;
type Reply<P extends keyof BrokerAccountCalls> = ReplyOf<BrokerAccountCalls[P]>;
type Body<P extends keyof BrokerAccountCalls> = BodyOf<BrokerAccountCalls[P]>;

export type AccountOption = Reply<'/broker/account/list'>[number];
export type DepositAddress = Reply<'/broker/depositAddress/list'>[number];

export const accountApi = {
  /** The organisation's sub-accounts for a picker (spec §3 accountList). */
  list: (body: Body<'/broker/account/list'> = {}) => apiPost<AccountOption[]>('/broker/account/list', body, quiet),
  /** One sub-account's deposit addresses, per asset and network. */
  depositAddresses: (body: Body<'/broker/depositAddress/list'>) => apiPost<DepositAddress[]>('/broker/depositAddress/list', body, quiet),
};
