import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import { dummyPasswordHash } from './passwords.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { devRoutes } from './routes/dev.ts';
import { gaResetDevRoutes, gaResetRoutes } from './routes/ga-reset.ts';
import { kycRoutes } from './routes/kyc.ts';
import { publicRoutes } from './routes/public.ts';
import { securityRoutes } from './routes/security.ts';
import { selectionRoutes } from './routes/selection.ts';
import { sessionRoutes } from './routes/sessions.ts';

/**
 * Identity (spec §7 login, register, security, KYC, user and session calls): sign-in, sessions, codes and the
 * outbox, the authenticator, lockouts, withdrawal bans, KYC and the step-up of sensitive changes.
 */
export async function identityPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  // Made now, so the first unknown-user login costs no more than any later one.
  await dummyPasswordHash();
  const { ctx } = options;
  publicRoutes(ctx, app);
  authRoutes(ctx, app);
  securityRoutes(ctx, app);
  gaResetRoutes(ctx, app);
  accountRoutes(ctx, app);
  kycRoutes(ctx, app);
  selectionRoutes(ctx, app);
  sessionRoutes(ctx, app);
  if (options.devRoutes) {
    devRoutes(ctx, app);
    gaResetDevRoutes(ctx, app);
  }
}
