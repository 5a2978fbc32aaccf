import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSession } from '../lib/session/index.ts';
import { sessionEndedByServer } from './wire-api.ts';

/** spec §6 "Route guard: token presence only"; without one the user is sent to login, remembering where to. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const hasToken = useSession((s) => s.token !== null);
  const location = useLocation();
  const { lang } = useParams();
  if (hasToken) return children;
  const target = location.pathname + location.search + location.hash;
  // A session the server ended (spec §8 401, e.g. the idle time-out): the sign-in page says it expired.
  return <Navigate replace to={`/${lang}/login?redirect=${encodeURIComponent(target)}${sessionEndedByServer() ? '&expired=1' : ''}`} />;
}
