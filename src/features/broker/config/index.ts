// Entry of the broker manager's address whitelist and notification e-mail pages (spec §2 routes addressList and
// messafeSetting): each a lazily loaded page of one chunk.
export const brokerConfigPages = {
  brokerAddressList: () => import('./AddressListPage.tsx'),
  brokerMessageSetting: () => import('./MessageSettingPage.tsx'),
};
