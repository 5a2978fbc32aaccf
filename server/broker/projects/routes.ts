import type { FastifyInstance } from 'fastify';
import { brokerProjectCalls } from '../../../contract/broker-projects.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { runDailyJob } from './daily.ts';
import { financingHandlers } from './financing.ts';
import { projectPageHandlers } from './pages.ts';
import { relationHandlers } from './relations.ts';

/**
 * The projects core's calls (spec §4 "Broker states"; contract/broker-projects.ts; server/broker/README.md "Projects").
 * Every call starts with `brokerMember` (403 without broker rights) and reaches only the caller's organisation's rows.
 * The daily zero-hour job runs from ctx.timed (after every sweep and clock advance) and once at start-up.
 */

export async function brokerProjectRoutes(ctx: ApiContext, app: FastifyInstance): Promise<void> {
  // The daily zero-hour job: after every sweep and clock advance, and now (a restart catches up).
  const daily = async () => {
    await runDailyJob(ctx.db, nowDate(ctx));
  };
  ctx.timed.push(daily);
  await daily();

  serveCalls(ctx, app, brokerProjectCalls, {
    ...projectPageHandlers(ctx),
    ...relationHandlers(ctx),
    ...financingHandlers(ctx),
  });
}
