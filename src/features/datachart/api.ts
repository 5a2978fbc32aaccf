import type { BrokerPublicChartCalls } from '../../../contract/broker-analytics.ts';
import type { ReplyOf } from '../../../contract/call.ts';
import { apiPost } from '../../lib/api/index.ts';
import { rangeQuery, type ChartRange } from '../broker/shared.ts';

export type ProjectChart = ReplyOf<BrokerPublicChartCalls['/broker/public/projectChart']>;

// spec §2 dataChart (public, no token): the project's chart by its share code. Quiet: the page shows the failure.
export const projectChart = (shareCode: string, range: ChartRange) =>
  apiPost<ProjectChart>('/broker/public/projectChart', { shareCode, ...rangeQuery(range) }, { silent: true, noToken: true });
