import { isApiError } from '../../lib/api/index.ts';

/** The text of a failed call (the API client's translated message or the server's msg). */
export function failureText(failure: unknown): string {
  if (isApiError(failure) || failure instanceof Error) return failure.message;
  return String(failure);
}

/** The field a 400 names (`data.field`) and the rule it broke, when the server names one. */
export function failureField(failure: unknown): { field: string; rule: string } | null {
  if (!isApiError(failure) || typeof failure.data !== 'object' || failure.data === null) return null;
  const data = failure.data as { field?: unknown; rule?: unknown };
  return typeof data.field === 'string' ? { field: data.field, rule: typeof data.rule === 'string' ? data.rule : '' } : null;
}
