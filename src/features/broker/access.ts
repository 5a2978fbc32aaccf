import type { UserInfo } from '../../lib/session/index.ts';

/**
 * spec §2: the broker manager is a public route that checks for itself. Without a session → sign in; while the
 * user's info is being read → checking; without broker rights (getUserInfo `brokerOpen`) → no permission, with
 * the agreement to open them offered to institution users; otherwise the pages.
 */
export type BrokerAccess = 'signedOut' | 'checking' | 'noRights' | 'granted';

export function brokerAccess(token: string | null, userInfo: UserInfo | null, fresh: boolean): BrokerAccess {
  if (!token) return 'signedOut';
  // A stored userInfo may be from before rights were opened (or closed): decide on the one read now.
  if (!fresh || !userInfo) return 'checking';
  return userInfo['brokerOpen'] === true ? 'granted' : 'noRights';
}

/** spec §6: broker rights are opened by institution users (userType 'institution'). */
export function mayOpenRights(userInfo: UserInfo | null): boolean {
  return userInfo?.['userType'] === 'institution';
}

/** The login page with the way back here (RequireAuth's `redirect` parameter). */
export function signInPath(lang: string, location: { pathname: string; search: string; hash: string }): string {
  return `/${lang}/login?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}
