/**
 * The lightning terminal's rules the app needs at run time without the contract's schemas (TypeBox stays out of the
 * app's bundle, contract/bundle-boundary.test.ts): the permissions an account owner can give a trader.
 */
export const TRADER_PERMISSIONS = ['order', 'cancel', 'close', 'leverage', 'transfer'] as const;
export type TraderPermission = (typeof TRADER_PERMISSIONS)[number];
