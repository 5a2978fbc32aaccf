// Entry of the KYC feature (spec §2 account/kyc): its page, loaded as its own chunk by the app shell.
export { kycPages } from './pages.ts';

export { KYC_LEVELS, UNLOCKS, levelView, type KycLevel, type KycStatus, type KycState } from './kyc-rules.ts';
