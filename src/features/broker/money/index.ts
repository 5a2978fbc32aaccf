// Entry of the broker manager's money pages (spec §2 routes recharge, brokers-withdraw, broker-transfer,
// assetRecord, operateRecord, assetFlow): each a lazily loaded page of one chunk.
export const brokerMoneyPages = {
  brokerRecharge: () => import('./RechargePage.tsx'),
  brokerWithdraw: () => import('./WithdrawPage.tsx'),
  brokerTransfer: () => import('./TransferPage.tsx'),
  brokerAssetRecord: () => import('./AssetRecordPage.tsx'),
  brokerOperateRecord: () => import('./OperateRecordPage.tsx'),
  brokerAssetFlow: () => import('./AssetFlowPage.tsx'),
};
