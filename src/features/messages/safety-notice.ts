// The key alone, from the store's module: the session's index starts the browser's session at import.
import { SESSION_KEYS } from '../../lib/session/session-store.ts';

/**
 * spec §4 safety notice: when the signed-in user read it is kept under the session's `safetyNotice` key, which
 * sign-out clears with the token (session-store.ts), so each new session shows the notice afresh.
 */
export function readSafetyNotice(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    const value = storage.getItem(SESSION_KEYS.safetyNotice);
    return value !== null && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  } catch {
    return null;
  }
}

export function acknowledgeSafetyNotice(now: Date, storage: Pick<Storage, 'setItem'> = localStorage): string {
  const at = now.toISOString();
  try {
    storage.setItem(SESSION_KEYS.safetyNotice, at);
  } catch {
    // storage unavailable: acknowledged for this page view only
  }
  return at;
}
