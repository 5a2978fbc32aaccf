/** The provider's reply envelope (spec §7, §8). */
export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * Validates a reply body once, where it enters (../shared/CONVENTIONS.md: validate at the edge).
 * A code may arrive as a number or a numeric string; msg is kept only when it is a string, and is
 * plain text for the UI either way.
 */
export function parseEnvelope(text: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const raw = record['code'];
  const code = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(code)) return null;
  const msg = typeof record['msg'] === 'string' ? record['msg'] : '';
  return { code, msg, data: record['data'] };
}

// A JSON error body is small; a file is not inspected beyond this size.
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * spec §7 "Downloads": a helper checks whether the reply is a JSON error body rather than a file.
 * Checks the content type first; servers that label the error as a file are caught by sniffing a
 * small body that starts with `{`.
 */
export async function readErrorEnvelope(blob: Blob, contentType: string | null): Promise<Envelope | null> {
  const labelledJson = /\bjson\b/i.test(contentType ?? '');
  if (!labelledJson && blob.size > MAX_ERROR_BODY_BYTES) return null;
  const text = await blob.text();
  if (!labelledJson && !text.trimStart().startsWith('{')) return null;
  return parseEnvelope(text);
}
