import type { FastifyInstance } from 'fastify';
import { brokerProjectExports } from '../../../contract/broker-project-exports.ts';
import type { ApiContext } from '../../platform/context.ts';
import { serveDownloads } from '../downloads.ts';
import { analysisDownloads } from './analysis-export.ts';
import { projectPageDownloads } from './project-page-export.ts';

/**
 * The project pages' and the analysis tab's downloads (contract/broker-project-exports.ts; spec §7 "Downloads"):
 * project-page-export.ts (the project list, subscriptions and redemptions, holdings, sub-accounts) and
 * analysis-export.ts (the capital report, the trade statistics, the investors' holdings and profit). Each reads its
 * page call's own code, so the file holds the page's rows for the same filters, in its order, under the cover block
 * of server/broker/downloads.ts. Refusals are the JSON envelope: 401, 403 without broker rights, 404 another
 * organisation's project or investor, 400 bad input.
 */
export function brokerProjectExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveDownloads(ctx, app, brokerProjectExports, {
    ...projectPageDownloads(ctx),
    ...analysisDownloads(ctx),
  });
}
