import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
type Compile = ReturnType<BuildValidator>;

/**
 * Fastify's own validator compiler (Ajv with Fastify's options), shared by every sandbox of the process, with each
 * schema compiled once: a route's validator is looked up by the schema's JSON text before Ajv compiles it.
 *
 * Fastify builds a new Ajv for each instance and compiles every route's schemas in it: about a second of a sandbox's
 * start on a 2-core machine, where a test worker starts one sandbox per test file. Requests are validated exactly as
 * before (same compiler, same options); the look-up is by text rather than by object, so the schemas the /_dev and
 * trading routes build at registration (server/platform/http.ts `s`) are not compiled, and kept, once per sandbox.
 */
const pooled = AjvCompiler();
const compiled = new WeakMap<Compile, Map<string, ReturnType<Compile>>>();

export const sharedValidators: BuildValidator = (externalSchemas, options) => {
  // The pool gives the same compiler to instances with the same shared schemas and Ajv options.
  const compile = pooled(externalSchemas as never, options as never) as Compile;
  const cache = compiled.get(compile) ?? new Map<string, ReturnType<Compile>>();
  compiled.set(compile, cache);
  return (route) => {
    const text = JSON.stringify(route.schema);
    let validate = cache.get(text);
    if (!validate) cache.set(text, (validate = compile(route)));
    return validate;
  };
};
