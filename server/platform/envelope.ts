/**
 * The reply envelope of the provider API (spec §8). The codes and their messages are shared with the app
 * in contract/codes.ts.
 */
import { Code, messages, protocolCodes } from '../../contract/codes.ts';
import type { ErrorData } from '../../contract/error-data.ts';

export { Code, messages };
export type { ErrorData };

/** The `data` and `msg` of a refusal of code `C`: `data` as contract/error-data.ts declares it, required where it cannot be null. */
export type DataArgs<C extends Code> = null extends ErrorData<C> ? [data?: ErrorData<C>, msg?: string] : [data: ErrorData<C>, msg?: string];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.success, msg: messages[Code.success], data };
}

/**
 * A refusal that becomes an envelope; `data` carries what a client needs to render it (counts, times, field), of
 * the shape contract/error-data.ts gives its code (spec §8) — `C` is inferred from the code, so each throw site is
 * checked against the shape the app reads.
 */
export class ApiError<C extends Code = Code> extends Error {
  readonly code: Code;
  readonly data: unknown;
  constructor(code: C, ...[data, msg]: DataArgs<C>) {
    super(msg ?? messages[code]);
    this.code = code;
    this.data = data ?? null;
  }
  get httpStatus(): number {
    return protocolCodes.has(this.code) ? this.code : 200;
  }
  toEnvelope(): Envelope {
    return { code: this.code, msg: this.message, data: this.data };
  }
}

/** 400 with the offending field and the rule it broke, e.g. `badInput('password', 'passwordRule')`. */
export function badInput(field: string, rule: string, msg?: string): ApiError {
  return new ApiError(Code.badRequest, { field, rule }, msg ?? `Invalid ${field}: ${rule}`);
}
