import type { DataCode, ErrorData } from '../../../contract/error-data.ts';
import { isApiError } from './api-error.ts';

export type { DataCode, ErrorData };

/**
 * The `data` of a refusal of `code` (spec §8), typed as contract/error-data.ts declares it for that code, or null:
 * not an API error, another code, or a payload that is not an object (a code whose `data` may be `null`, a
 * malformed 400). The check is cheap — an object of the right code; its fields are as the sandbox sends them, and
 * the optional ones are read with a fallback.
 */
export function errorData<C extends DataCode>(error: unknown, code: C): NonNullable<ErrorData<C>> | null {
  if (!isApiError(error) || error.code !== code) return null;
  const { data } = error;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as NonNullable<ErrorData<C>>) : null;
}
