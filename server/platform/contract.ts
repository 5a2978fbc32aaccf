import type { FastifyInstance } from 'fastify';
import type { BodyOf, CallDef, CallMap, QueryOf, ReplyOf } from '../../contract/call.ts';
import type { ApiContext } from './context.ts';
import { type Input, publicRoute, userRoute } from './http.ts';
import type { Auth } from './auth.ts';

/** A handler typed by its call's definition: the validated body and query in, the reply's `data` out. */
export type Handler<C extends CallDef> = (
  input: Input<BodyOf<C>, QueryOf<C>> & (C['auth'] extends 'user' ? { auth: Auth } : object),
) => Promise<ReplyOf<C>>;

export type Handlers<M extends CallMap> = { [P in keyof M & string]: Handler<M[P]> };

/**
 * Serves every call of a contract map (contract/*.ts) with its handler: the request is validated by the
 * call's schemas (Fastify's Ajv), a `user` call authenticates first, and the value is wrapped in the
 * success envelope. A handler's return type is checked against the reply schema at compile time.
 */
export function serveCalls<M extends CallMap>(ctx: ApiContext, app: FastifyInstance, calls: M, handlers: Handlers<M>): void {
  for (const [url, def] of Object.entries(calls)) {
    const handler = handlers[url] as unknown as (input: Input<unknown, unknown> & { auth?: Auth }) => Promise<unknown>;
    const common = {
      method: def.method,
      url,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { query: def.query } : {}),
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    };
    if (def.auth === 'user') userRoute(ctx, app, { ...common, handler });
    else publicRoute(app, { ...common, handler });
  }
}

/**
 * The calls `keys` of a contract map apart from the rest: for a map whose calls two domains serve (spec §7 groups
 * calls by path, not by who answers them), each serving its part.
 */
export function splitCalls<M extends CallMap, K extends keyof M & string>(calls: M, keys: readonly K[]): { picked: Pick<M, K>; rest: Omit<M, K> } {
  const picked: Partial<M> = {};
  const rest: Partial<M> = { ...calls };
  for (const key of keys) {
    picked[key] = calls[key];
    delete rest[key];
  }
  return { picked: picked as Pick<M, K>, rest: rest as Omit<M, K> };
}
