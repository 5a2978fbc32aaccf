// The KYC feature's page (spec §2 account/kyc), a lazily loaded chunk: the page table (src/app/pages.ts) imports only
// this, so what ./index.ts shares with other features (and its imports) does not join the start-up JavaScript.
export const kycPages = {
  accountKyc: () => import('./KycPage.tsx'),
};
