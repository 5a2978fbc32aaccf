import type { ApiPath } from '../../../contract/api.ts';
import { type Body, requestAt } from '../../lib/api/request.ts';

// What the broker pages' call files share (spec §7 "Broker calls"). Every call is quiet (no toast): the screens
// show refusals beside their fields or above their lists.

export const quiet = { silent: true } as const;

/** A paged list's filters: the `queryCondition` of its body. */
export type Filters<P extends ApiPath> = Body<P> extends { queryCondition?: infer Q } ? NonNullable<Q> : never;

/** The page asked for (spec §9 page sizes), as every paged broker call takes it. */
export type Paging = Body<'/broker/account/bill/page'>['pageCondition'];

/** A paged list call: the page asked for and the list's filters. */
export const paged =
  <P extends ApiPath>(path: P) =>
  (pageCondition: Paging, queryCondition: Filters<P>) =>
    requestAt(path, { pageCondition, queryCondition } as Body<P>, quiet);
