import type { FastifyInstance } from 'fastify';
import { brokerAnalyticsCalls } from '../../../contract/broker-analytics.ts';
import type { ApiContext } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { analyticsExportRoutes } from './exports.ts';
import { investorHandlers } from './investors.ts';
import { overviewHandlers } from './overview.ts';
import { publicChartRoutes } from './public-chart.ts';
import { unitHandlers } from './units.ts';

/** The performance and overview calls (contract/broker-analytics.ts), the public chart and the three downloads. */
export function brokerAnalyticsRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerAnalyticsCalls, { ...unitHandlers(ctx), ...investorHandlers(ctx), ...overviewHandlers(ctx) });
  publicChartRoutes(ctx, app);
  analyticsExportRoutes(ctx, app);
}
