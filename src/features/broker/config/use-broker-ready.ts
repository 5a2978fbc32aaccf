import { useEffect } from 'react';
import { useSession } from '../../../lib/session/index.ts';
import { bootstrapSession, useAccountInfo } from '../../account/index.ts';

/**
 * Whether the signed-in user has broker rights (getUserInfo `brokerOpen`), so these pages call the broker
 * sandbox only when it would answer: the broker manager is outside the token guard (spec §2). The broker
 * layout's own access gate (the broker shell) shows the sign-in and no-permission screens; this only keeps the
 * pages from asking before (or without) it.
 */
export function useBrokerReady(): 'checking' | 'yes' | 'no' {
  const token = useSession((s) => s.token);
  const info = useAccountInfo();
  useEffect(() => {
    if (token && !info) void bootstrapSession();
  }, [token, info]);
  if (!token) return 'no';
  if (!info) return 'checking';
  return info.brokerOpen ? 'yes' : 'no';
}
