import type { ApiPath } from '../../../contract/api.ts';
import { GET_PATHS, PUBLIC_PATHS } from './call-table.ts';
import { api } from './app-client.ts';
import type { Args, Body, Reply, RequestOptions } from './calls.ts';
import { send } from './index.ts';
import type { ApiClient } from './client.ts';

export type { ApiPath };
export type { Body, GetPath, PublicPath, Reply, RequestOptions } from './calls.ts';

export type Request = <P extends ApiPath>(path: P, ...args: Args<P>) => Promise<Reply<P>>;

/**
 * One call of the provider API (spec §7), named by its path: its method, whether
 * it sends the token (spec §7 "(no token)") and its types come from contract/api.ts — through the value-only
 * table src/lib/api/call-table.ts, so no schema reaches the bundle. A GET's input goes as its query string, a
 * POST's as its JSON body; a POST without input sends no body, as `client.post(path)` does.
 */
export function createRequest(client: Pick<ApiClient, 'get' | 'post'>): Request {
  return <P extends ApiPath>(path: P, ...[input, options]: Args<P>): Promise<Reply<P>> =>
    send<Reply<P>>(client, path, { get: GET_PATHS.has(path), public: PUBLIC_PATHS.has(path) }, input, options);
}

/**
 * The app's `request`, on the app's client (src/lib/api/index.ts). Imported from this module, not from index.ts,
 * so its table travels with the pages that call it and not in the initial JavaScript (bench/bundle-size.ts).
 */
export const request = /* @__PURE__ */ createRequest(api);

/**
 * `request` for a helper generic over several paths (`<P extends …>(path: P, body: Body<P>)`), where TypeScript
 * cannot resolve `Args<P>` for an unknown `P`: the same function, its input the call's body or query (or `{}` or
 * nothing for a call without one). Call sites with a literal path use `request`, which also requires the input.
 */
export type RequestAt = <P extends ApiPath>(path: P, input?: Body<P> | Record<string, never>, options?: RequestOptions) => Promise<Reply<P>>;
export const requestAt: RequestAt = request as RequestAt;
