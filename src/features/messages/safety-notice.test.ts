import { describe, expect, it } from 'vitest';
import { acknowledgeSafetyNotice, readSafetyNotice } from './safety-notice.ts';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('safety notice (spec §4)', () => {
  it('is unread until acknowledged and keeps the time', () => {
    const storage = memory();
    expect(readSafetyNotice(storage)).toBeNull();
    const at = acknowledgeSafetyNotice(new Date(Date.UTC(2026, 10, 26, 8, 0)), storage);
    expect(at).toBe('2026-11-26T08:00:00.000Z');
    expect(readSafetyNotice(storage)).toBe(at);
    // Sign-out removes the same key (session-store.test.ts checks that it does).
    storage.removeItem('safetyNotice');
    expect(readSafetyNotice(storage)).toBeNull();
  });

  it('ignores a stored value that is not a time', () => {
    const storage = memory();
    storage.setItem('safetyNotice', '1');
    expect(readSafetyNotice(storage)).toBeNull();
  });
});
