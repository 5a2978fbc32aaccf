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

export type CallMap = Record<string, CallDef>;

export type BodyOf<C extends CallDef> = C extends { body: infer S extends TSchema } ? Static<S> : undefined;
export type QueryOf<C extends CallDef> = C extends { query: infer S extends TSchema } ? Static<S> : undefined;
export type ReplyOf<C extends CallDef> = Static<C['reply']>;
