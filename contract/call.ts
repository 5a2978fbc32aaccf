import type { Static, TSchema } from 'typebox';

/**
 * One definition per call of the provider API: method, who may call it, and the JSON Schema of its
 * body or query and of its reply's `data`. The sandbox validates requests with these schemas (Fastify's
 * Ajv reads JSON Schema as it is) and types its handlers by them; the app imports the types only
 * (`import type`), so no schema reaches the bundle.
 *
 * Why TypeBox: its schemas are plain JSON Schema objects, which Fastify validates and serialises
 * natively, and the same object gives the static TypeScript type (`Static<typeof S>`), so one
 * declaration serves validation on the server and types in the app. `@fastify/type-provider-typebox`
 * only adds typing of `request.body` in raw Fastify handlers; our route wrapper (server/platform/contract.ts)
 * derives the handler's types itself, so it is not needed.
 */
export interface CallDef {
  method: 'GET' | 'POST';
  /** spec §7 "(no token)": `public`; otherwise a signed-in user's bearer token. */
  auth: 'public' | 'user';
  body?: TSchema;
  query?: TSchema;
  reply: TSchema;
  /** Bytes; the default body limit of the sandbox applies otherwise. */
  bodyLimit?: number;
}

export function call<const C extends CallDef>(definition: C): C {
  return definition;
}

/**
 * The usual calls in one line: a POST with its JSON body or a GET with its query (`undefined`: none), by a
 * signed-in user (`user*`) or without a token (`public*`: spec §7 "(no token)" and the sandbox's `/_dev`
 * controls). A call with more (a body limit) is written with `call`.
 */
function calls<const M extends CallDef['method'], const A extends CallDef['auth']>(method: M, auth: A) {
  const input = method === 'POST' ? 'body' : 'query';
  function define<const R extends TSchema>(schema: undefined, reply: R): { method: M; auth: A; reply: R };
  function define<const I extends TSchema, const R extends TSchema>(schema: I, reply: R): { method: M; auth: A; reply: R } & (M extends 'POST' ? { body: I } : { query: I });
  function define(schema: TSchema | undefined, reply: TSchema): CallDef {
    return schema ? { method, auth, [input]: schema, reply } : { method, auth, reply };
  }
  return define;
}
export const userPost = calls('POST', 'user');
export const publicPost = calls('POST', 'public');
export const userGet = calls('GET', 'user');
export const publicGet = calls('GET', 'public');

export type CallMap = Record<string, CallDef>;

export type BodyOf<C extends CallDef> = C extends { body: infer S extends TSchema } ? Static<S> : undefined;
export type QueryOf<C extends CallDef> = C extends { query: infer S extends TSchema } ? Static<S> : undefined;
export type ReplyOf<C extends CallDef> = Static<C['reply']>;
