/**
 * Why a call failed. Forms switch on `kind` and read `code` / `data` to show field errors.
 * - business:     the server answered with an envelope whose code is not 200 (spec §8 "Reply codes")
 * - unauthorized: envelope code 401 (spec §8: log in again)
 * - network:      the backend could not be reached (spec §8 "Transport errors")
 * - timeout:      no answer within the call's time-out (spec §7, §9)
 * - http:         a non-2xx HTTP status without an envelope (spec §8 "Status errors")
 * - invalid:      a 2xx reply that is not a `{ code, msg, data }` envelope
 * - download:     a download that produced no file (spec §7 "Downloads")
 * - aborted:      the caller aborted (no toast)
 */
export type ApiErrorKind =
  | 'business'
  | 'unauthorized'
  | 'network'
  | 'timeout'
  | 'http'
  | 'invalid'
  | 'download'
  | 'aborted';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** The text shown to the person (already translated or the server's plain-text msg). */
  message: string;
  /** Envelope code, or HTTP status for `http`. */
  code?: number | undefined;
  /** The server's msg, verbatim (plain text). */
  msg?: string | undefined;
  status?: number | undefined;
  data?: unknown;
  path: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly msg: string;
  readonly status: number | undefined;
  readonly data: unknown;
  readonly path: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.code = init.code;
    this.msg = init.msg ?? '';
    this.status = init.status;
    this.data = init.data;
    this.path = init.path;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
