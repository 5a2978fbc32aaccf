import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { s, userRoute } from '../http.ts';
import { listSessions, revokeOwnSession } from '../sessions.ts';

/** The caller's active sessions and revoking one (issue "account security hardening", sessions). */
export function sessionRoutes(ctx: ApiContext, app: FastifyInstance): void {
  userRoute(ctx, app, {
    method: 'GET',
    url: '/institution/session/list',
    handler: async ({ auth }) => ({ list: await listSessions(ctx, auth) }),
  });

  userRoute<{ sessionId: number }>(ctx, app, {
    method: 'POST',
    url: '/institution/session/revoke',
    body: s.obj({ sessionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, ['sessionId']),
    // Revoking the caller's own session is allowed: it is a sign-out.
    handler: async ({ auth, body }) => revokeOwnSession(ctx, auth, body.sessionId),
  });
}
