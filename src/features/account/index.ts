// Entry of the account feature: its pages (each loaded as its own chunk by the app shell), the session
// bootstrap and sign-out used by the shell, and the message helpers other features share (spec §8).
export { accountPages } from './pages.ts';

export { bootstrapSession, signOut } from './session-bootstrap.ts';
export { describeError, lockoutMessage, readLockInfo, withdrawBanMessage, ServerCode, type FormError, type LockInfo } from './errors.ts';
export type { AccountUserInfo, DisabledReason, KycStatus, Permissions, WithdrawBan } from './types.ts';
export { PermissionList } from './ui/PermissionList.tsx';
export { AccountNav } from './ui/AccountNav.tsx';
export { AccountShell } from './ui/AccountShell.tsx';
export { useAccountInfo } from './use-account-info.ts';
export { loadPlatformConfiguration } from './api.ts';
