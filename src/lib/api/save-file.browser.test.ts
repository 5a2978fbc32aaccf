import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './save-file.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saveBlob (spec §7 "Downloads")', () => {
  it('clicks a temporary a[download] pointing at an object URL, then cleans up', async () => {
    const clicked: { href: string; download: string; connected: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, connected: this.isConnected });
    });
    const create = vi.spyOn(URL, 'createObjectURL');
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const blob = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });

    saveBlob(blob, '操作記錄.xlsx');

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('操作記錄.xlsx');
    expect(clicked[0]?.href).toMatch(/^blob:/);
    expect(clicked[0]?.connected).toBe(true);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(create).toHaveBeenCalledWith(blob);
    expect(create.mock.results[0]?.value).toBe(clicked[0]?.href);
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith(clicked[0]?.href));
  });
});
