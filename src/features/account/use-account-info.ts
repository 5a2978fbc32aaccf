import { useSession } from '../../lib/session/index.ts';
import type { AccountUserInfo } from './types.ts';

/** The signed-in user's info as loaded by bootstrapSession (spec §3 userInfo). */
export function useAccountInfo(): AccountUserInfo | null {
  return useSession((s) => s.userInfo as AccountUserInfo | null);
}
