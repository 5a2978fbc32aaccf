import { request, type Reply } from '../../lib/api/request.ts';
import { rangeQuery, type ChartRange } from '../broker/shared.ts';

export type ProjectChart = Reply<'/broker/public/projectChart'>;

// spec §2 dataChart (public, no token: contract/broker-analytics.ts): the project's chart by its share code. Quiet:
// the page shows the failure.
export const projectChart = (shareCode: string, range: ChartRange) => request('/broker/public/projectChart', { shareCode, ...rangeQuery(range) }, { silent: true });
