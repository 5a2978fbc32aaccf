import { describe, expect, it } from 'vitest';
import { deskHours, settlementTime } from './hours.ts';

const at = (iso: string) => new Date(iso);

describe('OTC desk hours (spec §9: Mon–Fri 00:00–17:00 UTC, settlement T+1)', () => {
  it('is open on a weekday before 17:00 UTC, and names the session', () => {
    // 2026-11-25 is a Wednesday.
    expect(deskHours(at('2026-11-25T09:30:00Z'))).toEqual({ open: true, nextOpenAt: at('2026-11-25T00:00:00Z'), nextCloseAt: at('2026-11-25T17:00:00Z') });
    expect(deskHours(at('2026-11-25T00:00:00Z')).open).toBe(true);
  });

  it('is closed from 17:00 UTC until the next weekday’s 00:00, over the weekend too', () => {
    expect(deskHours(at('2026-11-25T17:00:00Z'))).toEqual({ open: false, nextOpenAt: at('2026-11-26T00:00:00Z'), nextCloseAt: at('2026-11-26T17:00:00Z') });
    // Friday evening → Monday.
    expect(deskHours(at('2026-11-27T18:00:00Z')).nextOpenAt).toEqual(at('2026-11-30T00:00:00Z'));
    // Saturday and Sunday.
    expect(deskHours(at('2026-11-28T10:00:00Z'))).toMatchObject({ open: false, nextOpenAt: at('2026-11-30T00:00:00Z') });
    expect(deskHours(at('2026-11-29T23:59:59Z')).nextOpenAt).toEqual(at('2026-11-30T00:00:00Z'));
  });

  it('settles T+1 on the next weekday at the same time', () => {
    expect(settlementTime(at('2026-11-25T09:30:00Z'))).toEqual(at('2026-11-26T09:30:00Z'));
    expect(settlementTime(at('2026-11-27T16:00:00Z'))).toEqual(at('2026-11-30T16:00:00Z'));
  });
});
