import { session } from '../../lib/session/index.ts';
import { getUserInfo, getUserMenu, logout } from './api.ts';

/**
 * spec §6: permissions come from the user menu loaded after login. Loads getUserInfo and getUserMenu
 * into the session after sign-in and at app start when a token is present. A 401 is handled by the API
 * client (session cleared, sent to login); other failures keep what the session already had.
 */
export async function bootstrapSession(): Promise<boolean> {
  const token = session.getState().token;
  if (!token) return false;
  try {
    const [info, menu] = await Promise.all([getUserInfo(), getUserMenu()]);
    // A sign-out (or another sign-in) while the calls ran wins.
    if (session.getState().token !== token) return false;
    const menus = Array.isArray(menu) ? menu : (menu.menus ?? []);
    const permissions = Array.isArray(menu) ? undefined : menu.permissions;
    session.actions.setUser(permissions ? { ...info, permissions } : info, menus);
    return true;
  } catch {
    return false;
  }
}

/** spec §4 logout: tell the server (POST /institution/logout), then clear the session whatever it answered. */
export async function signOut(): Promise<void> {
  if (session.getState().token) {
    try {
      await logout();
    } catch {
      // An expired token or an unreachable server must not keep the person signed in here.
    }
  }
  session.actions.signOut();
}
