import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session/index.ts';
import { bootstrapSession } from '../account/index.ts';
import { brokerAccess, type BrokerAccess } from './access.ts';
import { loadBrokerLookups, resetBrokerLookups } from './lookup-store.ts';

/**
 * The broker manager's own check (spec §2): reads the user's info afresh for the session's token (getUserInfo's
 * brokerOpen), then, once rights are granted, the lookups of spec §3. A new token (sign-out, another user)
 * starts over with empty lookups.
 */
export function useBrokerAccess(): BrokerAccess {
  const token = useSession((s) => s.token);
  const userInfo = useSession((s) => s.userInfo);
  const [freshFor, setFreshFor] = useState<string | null>(null);

  useEffect(() => {
    resetBrokerLookups();
    if (!token) return;
    let live = true;
    // Failing to read it (no network) falls back to the stored info rather than checking for ever.
    void bootstrapSession().finally(() => {
      if (live) setFreshFor(token);
    });
    return () => {
      live = false;
    };
  }, [token]);

  const access = brokerAccess(token, userInfo, freshFor === token);
  useEffect(() => {
    if (access === 'granted') void loadBrokerLookups();
  }, [access]);
  return access;
}
