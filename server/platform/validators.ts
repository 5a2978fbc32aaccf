import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
type Compile = ReturnType<BuildValidator>;
type Validate = ReturnType<Compile>;

/**
 * Fastify's own validator compiler (Ajv with Fastify's options), shared by every sandbox of the process, with each
 * schema compiled once: a route's validator is looked up by the schema's JSON text before Ajv compiles it.
 *
 * Fastify builds a new Ajv for each instance and compiles every route's schemas in it: about a second of a sandbox's
 * start on a 2-core machine, where a test worker starts one sandbox per test file. Requests are validated by the
 * same compiler with the same options; the look-up is by text rather than by object, so the schemas the /_dev and
 * trading routes build at registration (server/platform/http.ts `s`) are not compiled, and kept, once per sandbox.
 *
 * Every body and query validator also checks its numbers (`checkNumbers`), for every call, the /_dev controls
 * included.
 */
const pooled = AjvCompiler();
const compiled = new WeakMap<Compile, Map<string, Validate>>();

export const sharedValidators: BuildValidator = (externalSchemas, options) => {
  // The pool gives the same compiler to instances with the same shared schemas and Ajv options.
  const compile = pooled(externalSchemas as never, options as never) as Compile;
  const cache = compiled.get(compile) ?? new Map<string, Validate>();
  compiled.set(compile, cache);
  return (route) => {
    const part = route.httpPart === 'body' || route.httpPart === 'querystring' ? route.httpPart : undefined;
    const text = `${part ?? ''}:${JSON.stringify(route.schema)}`;
    let validate = cache.get(text);
    // A schema with no number field has no number to check: its requests skip the copy and the walk.
    if (!validate) cache.set(text, (validate = part && takesNumbers(text) ? checkNumbers(compile(route), part) : compile(route)));
    return validate;
  };
};

/**
 * Whether a schema's text types any field as a number (`"type":"integer"`, `"type":["number","null"]`…). A field of
 * no type at all would take a number too; the request schemas have none (the hostile sweep of tests/security
 * proves every call).
 */
function takesNumbers(text: string): boolean {
  return /"type":(?:\[[^\]]*)?"(?:integer|number)"/.test(text);
}

/** A number in a query's text: decimal digits, a sign and a fraction at most (no hex, exponent, `Infinity`, blanks). */
const decimalText = /^-?\d{1,20}(\.\d{1,20})?$/;

interface Refusal {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * Ajv passes what the database cannot take: with type coercion it turns the text "Infinity" (or "1e400") into the
 * number Infinity, which no integer check, minimum or maximum refuses, and JSON's `1e400` parses to Infinity
 * without any coercion; it also turns "0x10", "1e1" and `true` into integers. After Ajv, every number of the
 * validated value is checked against what arrived: it must be finite and within ±(2^53 − 1); in a JSON body it
 * must have come as a number (JSON has numbers; text or a boolean is the wrong type); in a query, from plain
 * decimal text. A refusal is a validation error like Ajv's (the 400 of server/README.md "Bad input").
 */
export function checkNumbers(validate: Validate, part: 'body' | 'querystring'): Validate {
  const inner = validate as unknown as { (data: unknown, context?: unknown): unknown; errors?: unknown; schemaEnv?: unknown };
  const checked: { (data: unknown, context?: unknown): unknown; errors?: unknown; schemaEnv?: unknown } = (data, context) => {
    // Ajv coerces in place: what arrived is kept to compare with.
    const arrived = data !== null && typeof data === 'object' && !Buffer.isBuffer(data) ? structuredClone(data) : data;
    const passed = inner(data, context);
    if (passed !== true) {
      checked.errors = inner.errors;
      return passed;
    }
    const refusal = refuseNumbers(arrived, data, '', part, 0);
    checked.errors = refusal ? [refusal] : null;
    return refusal === null;
  };
  // Fastify hands Ajv's own functions the request as the root's parent (so a coerced root can be written back).
  if (inner.schemaEnv) checked.schemaEnv = inner.schemaEnv;
  return checked as unknown as Validate;
}

function refusal(path: string, keyword: string, message: string): Refusal {
  return { instancePath: path, schemaPath: '#', keyword, params: {}, message };
}

function refuseNumbers(arrived: unknown, value: unknown, path: string, part: 'body' | 'querystring', depth: number): Refusal | null {
  if (depth > 32) return null;
  // A list of one was unwrapped to its item (Ajv's array coercion: a query key given once or twice).
  if (Array.isArray(arrived) && !Array.isArray(value) && arrived.length === 1) arrived = arrived[0];
  if (typeof arrived === 'number' && !Number.isFinite(arrived)) return refusal(path, 'finite', 'must be a finite number');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return refusal(path, 'finite', 'must be a finite number');
    if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return refusal(path, value < 0 ? 'minimum' : 'maximum', `must be within ±${Number.MAX_SAFE_INTEGER}`);
    if (typeof arrived === 'number' || arrived === undefined || arrived === null) return null;
    if (part === 'querystring' && typeof arrived === 'string' && decimalText.test(arrived)) return null;
    return refusal(path, 'type', part === 'body' ? 'must be a number, not text or a boolean' : 'must be a decimal number');
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = refuseNumbers(Array.isArray(arrived) ? arrived[index] : arrived, item, `${path}/${index}`, part, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const before = arrived !== null && typeof arrived === 'object' ? (arrived as Record<string, unknown>) : {};
  for (const [key, item] of Object.entries(value)) {
    const found = refuseNumbers(before[key], item, `${path}/${key}`, part, depth + 1);
    if (found) return found;
  }
  return null;
}
