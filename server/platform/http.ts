import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from './context.ts';
import { ok } from './envelope.ts';
import type { Auth } from './auth.ts';

/**
 * Route declaration for the API: JSON-schema validation of the shape (Fastify/Ajv), an optional
 * signed-in user, and the handler's value wrapped in the success envelope. Rules beyond the shape
 * (spec §5) are checked in the handlers and answered with `badInput`.
 */
export interface Input<B, Q> {
  body: B;
  query: Q;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface Common {
  method: 'GET' | 'POST';
  url: string;
  body?: object;
  query?: object;
  bodyLimit?: number;
}

/** The method, path, body limit and schemas of a route, as Fastify takes them. */
function routeOf(spec: Common) {
  return {
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    schema: { ...(spec.body ? { body: spec.body } : {}), ...(spec.query ? { querystring: spec.query } : {}) },
  };
}

export function publicRoute<B = unknown, Q = unknown>(
  app: FastifyInstance,
  spec: Common & { handler: (input: Input<B, Q>) => Promise<unknown> },
): void {
  app.route({
    ...routeOf(spec),
    handler: async (request, reply) =>
      ok(await spec.handler({ body: request.body as B, query: request.query as Q, request, reply })),
  });
}

export function userRoute<B = unknown, Q = unknown>(
  ctx: ApiContext,
  app: FastifyInstance,
  spec: Common & { handler: (input: Input<B, Q> & { auth: Auth }) => Promise<unknown> },
): void {
  app.route({
    ...routeOf(spec),
    // Authentication before body validation: a caller without a session learns nothing about the shape.
    preValidation: async (request) => {
      authByRequest.set(request, await ctx.authenticate(request));
    },
    handler: async (request, reply) => {
      const auth = authByRequest.get(request);
      if (!auth) throw new Error('authentication did not run');
      return ok(await spec.handler({ body: request.body as B, query: request.query as Q, request, reply, auth }));
    },
  });
}

const authByRequest = new WeakMap<FastifyRequest, Auth>();

// JSON-schema helpers for the routes not declared in contract/ (the /_dev controls, server/trade).
export const s = {
  str: (minLength: number, maxLength: number, pattern?: string) => ({
    type: 'string',
    minLength,
    maxLength,
    ...(pattern ? { pattern } : {}),
  }),
  code6: { type: 'string', pattern: '^\\d{6}$' },
  uuid: { type: 'string', minLength: 1, maxLength: 64 },
  /** An RSA-2048 ciphertext in base64 (jsencrypt output). */
  cipher: { type: 'string', minLength: 1, maxLength: 700, pattern: '^[A-Za-z0-9+/=\\s]+$' },
  obj: (properties: Record<string, object>, required: string[] = []) => ({
    type: 'object',
    additionalProperties: false,
    properties,
    required,
  }),
};
