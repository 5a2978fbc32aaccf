import { describe, expect, it } from 'vitest';
import { KEY_EXPIRY_WARN_DAYS } from '../../../contract/broker-rules.ts';
import { keyExpiry } from './expiry.ts';

describe('API key expiry countdown (spec §9: 3 months without bound IPs)', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it('has none when IPs are bound', () => expect(keyExpiry(null, now)).toEqual({ kind: 'none' }));
  it('counts whole days and hours left', () => {
    expect(keyExpiry('2027-02-26T13:30:00Z', now)).toEqual({ kind: 'left', days: 92, hours: 3, warn: false });
  });
  it('warns within the warning days, not a minute before', () => {
    const edge = now + KEY_EXPIRY_WARN_DAYS * 86_400_000;
    expect(keyExpiry(new Date(edge).toISOString(), now)).toMatchObject({ warn: true, days: KEY_EXPIRY_WARN_DAYS });
    expect(keyExpiry(new Date(edge + 60_000).toISOString(), now)).toMatchObject({ warn: false });
  });
  it('is expired at and after the end', () => {
    expect(keyExpiry('2026-11-26T10:00:00Z', now)).toEqual({ kind: 'expired' });
  });
});
