import { describe, expect, it } from 'vitest';
import enAccount from '../../../locales/en-US/account.json';
import zhAccount from '../../../locales/zh-HK/account.json';
import { accountScreenTests } from './testing/screen-tests.ts';
import { serveApi } from './testing/serve-api.ts';
import HistoryPage from './HistoryPage.tsx';

// Login history names the device and the source in the page's language, from the reply's browser and OS fields;
// the raw User-Agent (the client's own text) is never shown.
const harness = accountScreenTests({ api: 'signedIn' });
const rowsText = () => [...document.querySelectorAll<HTMLElement>('[data-testid="login-history-row"]')].map((row) => row.textContent ?? '');
const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function api() {
  return serveApi((path) => {
    if (path !== '/institution/loginInfoList') return null;
    return {
      list: [
        { id: 3, loginTime: '2026-11-24T09:30:00Z', ip: '127.0.0.1', userAgent: agent, browser: 'Chrome', os: 'Linux', source: 'web' },
        { id: 2, loginTime: '2026-11-23T09:30:00Z', ip: '127.0.0.1', userAgent: 'SomeBot/1.0 (Linux)', browser: null, os: 'Linux', source: 'h5' },
        { id: 1, loginTime: '2026-11-22T09:30:00Z', ip: '127.0.0.1', userAgent: 'curl/8.0', browser: null, os: null, source: 'robot' },
      ],
      total: 3,
      pageNum: 1,
      pageSize: 10,
    };
  });
}

describe('HistoryPage (login history)', () => {
  it('words device and source in zh-HK, never the raw User-Agent or "web"', async () => {
    api();
    await harness.render(<HistoryPage />, 'zh-HK', { path: '/:lang/account/hitory', url: '/zh-HK/account/hitory' });
    await expect.poll(() => rowsText().length).toBe(3);
    const [first, second, third] = rowsText();
    expect(first).toContain('Linux 上的 Chrome');
    expect(first).toContain(zhAccount.history.sources.web);
    expect(second).toContain(`Linux 上的 ${zhAccount.device.unknownBrowser}`);
    expect(second).toContain(zhAccount.history.sources.h5);
    expect(third).toContain(zhAccount.device.unknown);
    expect(third).toContain(zhAccount.history.sources.other);
    for (const text of rowsText()) {
      expect(text).not.toMatch(/Mozilla|curl|SomeBot|Unknown| on |\bweb\b/);
    }
  });

  it('words them in en-US', async () => {
    api();
    await harness.render(<HistoryPage />, 'en-US', { path: '/:lang/account/hitory', url: '/en-US/account/hitory' });
    await expect.poll(() => rowsText().length).toBe(3);
    const [first, second, third] = rowsText();
    expect(first).toContain('Chrome on Linux');
    expect(first).toContain(enAccount.history.sources.web);
    expect(second).toContain('Unknown browser on Linux');
    expect(third).toContain(enAccount.device.unknown);
    expect(first).not.toContain('Mozilla');
  });
});
