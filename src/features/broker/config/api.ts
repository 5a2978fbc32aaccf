import type { BodyOf, ReplyOf } from '../../../../contract/call.ts';
import type { BrokerConfigCalls } from '../../../../contract/broker-config.ts';
import { apiPost } from '../../../lib/api/index.ts';

// The address book and notification e-mail calls (contract/broker-config.ts), typed from the contract. The
// screens show refusals beside their fields themselves, so every call is quiet (no toast).
type Reply<P extends keyof BrokerConfigCalls> = ReplyOf<BrokerConfigCalls[P]>;
type Body<P extends keyof BrokerConfigCalls> = BodyOf<BrokerConfigCalls[P]>;
const quiet = { silent: true } as const;

export type BrokerAddress = Reply<'/broker/address/submitBrokerAddress'>;
export type AddressPage = Reply<'/broker/address/pageBrokerAddress'>;
export type AddressQuery = NonNullable<Body<'/broker/address/pageBrokerAddress'>['queryCondition']>;
export type AddressBody = Body<'/broker/address/submitBrokerAddress'>;
export type AddressAsset = Reply<'/broker/address/selectAllAddressAsset'>[number];
export type MessageConfig = Reply<'/broker/messageConfig/submitBrokerMessageConfig'>;
export type MessageBody = Body<'/broker/messageConfig/submitBrokerMessageConfig'>;
export type CodeBody = Body<'/broker/address/confirmBrokerAddress'>;
type Paging = Body<'/broker/address/pageBrokerAddress'>['pageCondition'];

export const addressApi = {
  page: (pageCondition: Paging, queryCondition: AddressQuery) => apiPost<AddressPage>('/broker/address/pageBrokerAddress', { pageCondition, queryCondition }, quiet),
  assets: () => apiPost<AddressAsset[]>('/broker/address/selectAllAddressAsset', undefined, quiet),
  submit: (body: AddressBody) => apiPost<BrokerAddress>('/broker/address/submitBrokerAddress', body, quiet),
  invoke: (id: string) => apiPost<{ uuid: string }>('/broker/address/invokeAddressAddEmailValidation', { id }, quiet),
  confirm: (body: CodeBody) => apiPost<BrokerAddress>('/broker/address/confirmBrokerAddress', body, quiet),
  remove: (id: string) => apiPost<BrokerAddress>('/broker/address/whitelist/remove', { id }, quiet),
  delete: (id: string) => apiPost<{ id: string }>('/broker/address/delete', { id }, quiet),
};

export const messageApi = {
  list: () => apiPost<MessageConfig[]>('/broker/messageConfig/list', undefined, quiet),
  submit: (body: MessageBody) => apiPost<MessageConfig>('/broker/messageConfig/submitBrokerMessageConfig', body, quiet),
  invoke: (id: string) => apiPost<{ uuid: string }>('/broker/messageConfig/invokeBrokerMessageConfigAddEmailValidation', { id }, quiet),
  confirm: (body: CodeBody) => apiPost<MessageConfig>('/broker/messageConfig/confirmBrokerMessageConfig', body, quiet),
  update: (body: Body<'/broker/messageConfig/updateBrokerMessageConfig'>) => apiPost<MessageConfig>('/broker/messageConfig/updateBrokerMessageConfig', body, quiet),
  delete: (id: string) => apiPost<{ id: string }>('/broker/messageConfig/deleteBrokerMessageConfig', { id }, quiet),
};
