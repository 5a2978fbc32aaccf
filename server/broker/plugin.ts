import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import type { SimVenues, Simulator } from '../sim/index.ts';
import { brokerAddressRoutes } from './addresses.ts';
import { brokerAgreementRoutes } from './agreement.ts';
import { brokerControlRoutes } from './controls.ts';
import { brokerAnalyticsRoutes } from './analytics/routes.ts';
import { brokerExportRoutes } from './fund-export.ts';
import { brokerFundRoutes } from './funds.ts';
import { brokerInterestExportRoutes } from './interest/export.ts';
import { brokerInterestRoutes } from './interest/routes.ts';
import { brokerLookupRoutes } from './lookup.ts';
import { brokerMessageRoutes } from './message-config.ts';
import { brokerProfitExportRoutes } from './profit/export.ts';
import { brokerProfitRoutes } from './profit/routes.ts';
import { brokerProjectDevRoutes } from './projects/dev-routes.ts';
import { brokerProjectExportRoutes } from './analytics/project-export.ts';
import { brokerProjectRoutes } from './projects/routes.ts';
import { brokerAccountRoutes } from './routes.ts';

/** The broker / asset-management portal (spec §7 broker calls; server/broker/README.md). */
export async function brokerPlugin(app: FastifyInstance, options: DomainOptions & { sim?: Simulator | undefined; venues?: SimVenues | undefined }): Promise<void> {
  const { ctx } = options;
  brokerAgreementRoutes(ctx, app);
  brokerAddressRoutes(ctx, app);
  brokerMessageRoutes(ctx, app);
  brokerLookupRoutes(ctx, app);
  // Performance and overview of the broker's projects, the public dataChart call and their downloads (analytics/).
  brokerAnalyticsRoutes(ctx, app);
  // Transfers, withdrawals and approvals of the broker's sub-accounts, their records and exports (funds.ts).
  brokerFundRoutes(ctx, app);
  // What a second member decides besides money applications: money-moving API keys, unbinding a funded sub-account.
  brokerControlRoutes(ctx, app);
  brokerExportRoutes(ctx, app);
  // Asset-management projects, their investors and capital, and the daily zero-hour job (projects/).
  await brokerProjectRoutes(ctx, app);
  brokerProjectExportRoutes(ctx, app);
  // Interest settlement and settle bills of the broker's projects, and their exports (interest/).
  brokerInterestRoutes(ctx, app);
  brokerInterestExportRoutes(ctx, app);
  // Profit of the projects: withdrawal, allocation, the broker's own money in (profit/).
  brokerProfitRoutes(ctx, app);
  brokerProfitExportRoutes(ctx, app);
  if (options.devRoutes) brokerProjectDevRoutes(ctx, app);
  // Sub-accounts' balances are valued at the simulator's books (OKX's and Bybit's at their own venue's).
  if (options.sim) await brokerAccountRoutes(ctx, app, options.sim, options.venues);
}
