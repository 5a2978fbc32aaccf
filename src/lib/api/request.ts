import type { ApiCalls, ApiPath } from '../../../contract/api.ts';
import type { BodyOf, QueryOf, ReplyOf } from '../../../contract/call.ts';
import { GET_PATHS, PUBLIC_PATHS } from './call-table.ts';
import { api } from './app-client.ts';
import type { ApiClient, CallOptions, Params } from './client.ts';

export type { ApiPath };

/** The paths of the contract (contract/api.ts, types only) by method and by who may call them (spec §7). */
export type GetPath = { [P in ApiPath]: ApiCalls[P]['method'] extends 'GET' ? P : never }[ApiPath];
export type PublicPath = { [P in ApiPath]: ApiCalls[P]['auth'] extends 'public' ? P : never }[ApiPath];

/** What a call takes: its JSON body (a POST) or its query (a GET); `undefined` when it takes neither. */
export type Body<P extends ApiPath> = ApiCalls[P]['method'] extends 'GET' ? QueryOf<ApiCalls[P]> : BodyOf<ApiCalls[P]>;
/** The `data` of a call's success reply. */
export type Reply<P extends ApiPath> = ReplyOf<ApiCalls[P]>;
/** The method, the token and the query come from the contract; the rest is the caller's. */
export type RequestOptions = Omit<CallOptions, 'noToken' | 'searchParams'>;

/** A POST without a body may still be sent `{}`, as some screens do (the sandbox reads neither). */
type Input<P extends ApiPath> = Body<P> extends undefined ? Body<P> | Record<string, never> : Body<P>;
type Args<P extends ApiPath> = undefined extends Body<P> ? [input?: Input<P>, options?: RequestOptions] : [input: Input<P>, options?: RequestOptions];

export type Request = <P extends ApiPath>(path: P, ...args: Args<P>) => Promise<Reply<P>>;

/**
 * One call of the provider API (spec §7), named by its path: its method, whether
 * it sends the token (spec §7 "(no token)") and its types come from contract/api.ts — through the value-only
 * table src/lib/api/call-table.ts, so no schema reaches the bundle. A GET's input goes as its query string, a
 * POST's as its JSON body; a POST without input sends no body, as `client.post(path)` does.
 */
export function createRequest(client: Pick<ApiClient, 'get' | 'post'>): Request {
  return <P extends ApiPath>(path: P, ...[input, options = {}]: Args<P>): Promise<Reply<P>> => {
    const callOptions: CallOptions = PUBLIC_PATHS.has(path) ? { ...options, noToken: true } : options;
    if (GET_PATHS.has(path)) return client.get<Reply<P>>(path, input === undefined ? callOptions : { ...callOptions, searchParams: input as Params });
    return client.post<Reply<P>>(path, input, callOptions);
  };
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
