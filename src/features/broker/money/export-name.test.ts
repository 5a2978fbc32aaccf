import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-name.ts';

describe('broker export file names (spec §7 Downloads)', () => {
  it('names the file in Chinese with the day in Hong Kong time', () => {
    // 20:30 UTC on 26 November is already 27 November in Hong Kong (UTC+8).
    expect(exportFileName('operations', new Date('2026-11-26T20:30:00Z'))).toBe('操作記錄-20261127.xlsx');
    expect(exportFileName('bill', new Date('2026-11-26T10:00:00Z'))).toBe('充提幣記錄-20261126.xlsx');
  });
});
