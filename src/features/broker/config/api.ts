import { type Body, type Reply, request } from '../../../lib/api/request.ts';

// The address book and notification e-mail calls (contract/broker-config.ts), typed from the contract. The
// screens show refusals beside their fields themselves, so every call is quiet (no toast).
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
  page: (pageCondition: Paging, queryCondition: AddressQuery) => request('/broker/address/pageBrokerAddress', { pageCondition, queryCondition }, quiet),
  assets: () => request('/broker/address/selectAllAddressAsset', undefined, quiet),
  submit: (body: AddressBody) => request('/broker/address/submitBrokerAddress', body, quiet),
  invoke: (id: string) => request('/broker/address/invokeAddressAddEmailValidation', { id }, quiet),
  confirm: (body: CodeBody) => request('/broker/address/confirmBrokerAddress', body, quiet),
  remove: (id: string) => request('/broker/address/whitelist/remove', { id }, quiet),
  delete: (id: string) => request('/broker/address/delete', { id }, quiet),
};

export const messageApi = {
  list: () => request('/broker/messageConfig/list', undefined, quiet),
  submit: (body: MessageBody) => request('/broker/messageConfig/submitBrokerMessageConfig', body, quiet),
  invoke: (id: string) => request('/broker/messageConfig/invokeBrokerMessageConfigAddEmailValidation', { id }, quiet),
  confirm: (body: CodeBody) => request('/broker/messageConfig/confirmBrokerMessageConfig', body, quiet),
  update: (body: Body<'/broker/messageConfig/updateBrokerMessageConfig'>) => request('/broker/messageConfig/updateBrokerMessageConfig', body, quiet),
  delete: (id: string) => request('/broker/messageConfig/deleteBrokerMessageConfig', { id }, quiet),
};
