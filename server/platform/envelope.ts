/**
 * The reply envelope of the provider API (spec §8). The codes and their messages are shared with the app
 * in contract/codes.ts.
 */
import { Code, messages, protocolCodes } from '../../contract/codes.ts';

export { Code, messages };

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.success, msg: messages[Code.success], data };
}

/** A refusal that becomes an envelope; `data` carries what a client needs to render it (counts, times, field). */
export class ApiError extends Error {
  readonly code: Code;
  readonly data: unknown;
  constructor(code: Code, data: unknown = null, msg?: string) {
    super(msg ?? messages[code]);
    this.code = code;
    this.data = data;
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
