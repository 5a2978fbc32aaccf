import type { ApiCalls, ApiPath } from '../../../contract/api.ts';
import type { BodyOf, QueryOf, ReplyOf } from '../../../contract/call.ts';
import { api } from './app-client.ts';
import type { ApiClient, CallOptions, Params } from './client.ts';

/** The paths of the contract (contract/api.ts, types only) by method and by who may call them (spec §7). */
type PathWhere<M extends 'GET' | 'POST', A extends 'user' | 'public'> = {
  [P in ApiPath]: ApiCalls[P]['method'] extends M ? (ApiCalls[P]['auth'] extends A ? P : never) : never;
}[ApiPath];
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
export type Args<P extends ApiPath> = undefined extends Body<P> ? [input?: Input<P>, options?: RequestOptions] : [input: Input<P>, options?: RequestOptions];
type Call<P0 extends ApiPath> = <P extends P0>(path: P, ...args: Args<P>) => Promise<Reply<P>>;

/**
 * Sends one call as its contract says: a GET's input as its query string, a POST's as its JSON body (a POST without
 * input sends no body, as `client.post(path)` does); a public call (spec §7 "(no token)") without the token.
 */
export function send<T>(client: Pick<ApiClient, 'get' | 'post'>, path: string, how: { get: boolean; public: boolean }, input: unknown, options: RequestOptions = {}): Promise<T> {
  const callOptions: CallOptions = how.public ? { ...options, noToken: true } : options;
  if (how.get) return client.get<T>(path, input === undefined ? callOptions : { ...callOptions, searchParams: input as Params });
  return client.post<T>(path, input, callOptions);
}

/**
 * The calls by kind, for code that loads at start-up (the account, the message count, the session): each takes only
 * the contract's paths of its method and auth, so the type checker holds it to the contract without the path table
 * `request` reads (src/lib/api/request.ts), which stays out of the initial JavaScript.
 */
export function createCalls(client: Pick<ApiClient, 'get' | 'post'>) {
  const of =
    <P0 extends ApiPath>(how: { get: boolean; public: boolean }): Call<P0> =>
    (path, ...[input, options]) =>
      send(client, path, how, input, options);
  return {
    post: of<PathWhere<'POST', 'user'>>({ get: false, public: false }),
    get: of<PathWhere<'GET', 'user'>>({ get: true, public: false }),
    publicPost: of<PathWhere<'POST', 'public'>>({ get: false, public: true }),
    publicGet: of<PathWhere<'GET', 'public'>>({ get: true, public: true }),
  };
}

/** The app's calls by kind, on the app's client. */
export const calls = /* @__PURE__ */ createCalls(api);
