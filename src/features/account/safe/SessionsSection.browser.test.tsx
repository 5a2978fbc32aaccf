import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import enAccount from '../../../../locales/en-US/account.json';
import zhAccount from '../../../../locales/zh-HK/account.json';
import { accountScreenTests, q } from '../testing/screen-tests.ts';
import { Refusal, serveApi } from '../testing/serve-api.ts';
import { SessionsSection } from './SessionsSection.tsx';
import { formatDateTime } from '../../../lib/format/index.ts';

const harness = accountScreenTests({ api: 'signedIn' });

const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const route = (lang: string) => ({ path: '/:lang/account/safe', url: `/${lang}/account/safe` });
const confirmButton = () => document.querySelector<HTMLButtonElement>('.td-modal__button--primary');
const cancelButton = () => document.querySelector<HTMLButtonElement>('.td-modal__footer .td-modal__button:not(.td-modal__button--primary)');

const here = { id: 7, createdAt: '2026-11-20T08:00:00Z', lastSeenAt: '2026-11-24T09:30:00Z', expiresAt: '2026-11-27T08:00:00Z', ip: '127.0.0.1', device: 'Chrome on Linux', browser: 'Chrome', os: 'Linux', current: true };
const phone = { id: 3, createdAt: '2026-11-18T02:00:00Z', lastSeenAt: '2026-11-23T22:15:00Z', expiresAt: '2026-11-25T02:00:00Z', ip: '203.0.113.9', device: 'Safari on iOS', browser: 'Safari', os: 'iOS', current: false };

function api(options: { refuseRevoke?: boolean } = {}) {
  let list = [here, phone];
  return serveApi((path, body) => {
    if (path === '/institution/session/list') return { list };
    if (path === '/institution/session/revoke') {
      if (options.refuseRevoke) return new Refusal(10050);
      const id = body['sessionId'];
      list = list.filter((row) => row.id !== id);
      return { sessionId: id, current: id === here.id };
    }
    return null;
  });
}

describe('SessionsSection (signed-in devices)', () => {
  it('lists each device with its address, times and a badge on this device', async () => {
    api();
    await harness.render(<SessionsSection onSignedOut={() => {}} />, 'zh-HK', route('zh-HK'));
    await expect.poll(() => all('session-row').length).toBe(2);
    const rows = all('session-row');
    // The device in the page's words from the reply's browser and OS, not the server's English line.
    expect(rows[0]?.textContent).toContain('Linux 上的 Chrome');
    expect(rows[0]?.textContent).not.toContain('Chrome on Linux');
    expect(rows[0]?.textContent).toContain(zhAccount.safe.sessions.thisDevice);
    expect(rows[1]?.textContent).toContain('203.0.113.9');
    expect(rows[1]?.querySelector('[data-testid="session-current"]')).toBeNull();
    // Last active, in the glossary's one format (YYYY-MM-DD HH:mm:ss) with the zone.
    expect(rows[1]?.textContent).toContain(formatDateTime(phone.lastSeenAt, { zone: true }));
    expect(formatDateTime(phone.lastSeenAt)).toMatch(/^2026-11-2[34] \d{2}:15:00$/);
  });

  it('asks before signing another device out, sends its id, and refreshes the list', async () => {
    const calls = api();
    const onSignedOut = vi.fn();
    await harness.render(<SessionsSection onSignedOut={onSignedOut} />, 'en-US', route('en-US'));
    await expect.poll(() => all('session-revoke').length).toBe(2);
    await userEvent.click(all('session-revoke')[1]!);
    await expect.poll(() => q('session-confirm-text')?.textContent).toBe(enAccount.safe.sessions.confirm.replace('{{device}}', 'Safari on iOS').replace('{{ip}}', '203.0.113.9'));
    // Cancel sends nothing.
    await userEvent.click(cancelButton()!);
    expect(calls.some((c) => c.path === '/institution/session/revoke')).toBe(false);

    await userEvent.click(all('session-revoke')[1]!);
    await expect.poll(() => confirmButton()).not.toBeNull();
    await userEvent.click(confirmButton()!);
    await expect.poll(() => all('session-row').length).toBe(1);
    expect(calls.filter((c) => c.path === '/institution/session/revoke').map((c) => c.body)).toEqual([{ sessionId: 3 }]);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('revoking this device says it signs out here, then signs the app out', async () => {
    api();
    const onSignedOut = vi.fn();
    await harness.render(<SessionsSection onSignedOut={onSignedOut} />, 'en-US', route('en-US'));
    await expect.poll(() => all('session-revoke').length).toBe(2);
    expect(all('session-revoke')[0]?.textContent).toBe(`${enAccount.safe.sessions.signOutHere} (Chrome on Linux)`);
    await userEvent.click(all('session-revoke')[0]!);
    await expect.poll(() => q('session-confirm-text')?.textContent).toBe(enAccount.safe.sessions.confirmCurrent);
    await userEvent.click(confirmButton()!);
    await expect.poll(() => onSignedOut.mock.calls.length).toBe(1);
  });

  it('a session that already ended is explained in words, not as a code', async () => {
    api({ refuseRevoke: true });
    await harness.render(<SessionsSection onSignedOut={() => {}} />, 'zh-HK', route('zh-HK'));
    await expect.poll(() => all('session-revoke').length).toBe(2);
    await userEvent.click(all('session-revoke')[1]!);
    await expect.poll(() => confirmButton()).not.toBeNull();
    await userEvent.click(confirmButton()!);
    await expect.poll(() => harness.view?.container.textContent ?? '').toContain(zhAccount.errors.sessionNotFound);
  });
});
