import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply, TestApi } from '../api/helpers.ts';
import { securityBackends } from './backends.ts';

// Issue "account security hardening", sessions: the user sees the active sessions (device, IP, last seen) and
// ends any of them — never another user's —, and a session left idle stops working before its absolute end.
const backends = securityBackends();
const password = 'Passw0rd!x';
const chromeWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
const minute = 60_000;

interface SessionView {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  device: string;
  current: boolean;
}

describe.each(backends)('sessions ($name)', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await backend.start();
  });
  afterAll(async () => api?.close());

  async function signIn(email: string, userAgent: string): Promise<string> {
    const reply = await api.call<{ token: string }>('POST', '/institution/login', {
      body: { username: email, password: api.encrypt(password) },
      headers: { 'user-agent': userAgent },
    });
    if (reply.code !== 200) throw new Error(`login failed: ${JSON.stringify(reply)}`);
    return reply.data.token;
  }

  const list = (token: string): Promise<Reply<{ list: SessionView[] }>> => api.call('GET', '/institution/session/list', { token });
  const revoke = (token: string, sessionId: unknown): Promise<Reply> =>
    api.call('POST', '/institution/session/revoke', { token, body: { sessionId } });
  const alive = async (token: string): Promise<number> => (await api.call('GET', '/institution/getUserInfo', { token })).status;

  it('lists the caller’s own active sessions with device, IP, last seen and which one is current', async () => {
    const email = await api.register(password);
    const chrome = await signIn(email, chromeWindows);
    api.clock.advance(5 * minute);
    const firefox = await signIn(email, firefoxMac);
    // Another user's session is not in the list.
    await signIn(await api.register(password), chromeWindows);

    const reply = await list(chrome);
    expect(reply).toMatchObject({ status: 200, code: 200 });
    expect(reply.data.list).toHaveLength(2);
    const [newest, oldest] = reply.data.list;
    expect(newest).toMatchObject({ device: 'Firefox on macOS', ip: '127.0.0.1', current: false });
    expect(oldest).toMatchObject({ device: 'Chrome on Windows', ip: '127.0.0.1', current: true });
    expect(typeof newest?.id).toBe('number');
    expect(Date.parse(newest?.lastSeenAt ?? '')).toBe(Date.parse(newest?.createdAt ?? ''));
    // This call is activity of the current session, more than a minute after its sign-in: its last seen is now.
    expect(Date.parse(oldest?.lastSeenAt ?? '')).toBe(api.clock.now());
    expect(Date.parse(oldest?.createdAt ?? '')).toBeLessThan(api.clock.now() - 5 * minute + 1);
    expect((await list(firefox)).data.list.find((session) => session.current)?.device).toBe('Firefox on macOS');
  });

  it('records activity at most once a minute per session', async () => {
    const email = await api.register(password);
    const token = await signIn(email, chromeWindows);
    const signedInAt = api.clock.now();
    const lastSeen = async () => Date.parse((await list(token)).data.list[0]?.lastSeenAt ?? '');
    api.clock.advance(30_000);
    expect(await lastSeen()).toBe(signedInAt);
    api.clock.advance(31_000);
    expect(await lastSeen()).toBe(signedInAt + 61_000);
  });

  it('revokes one of the caller’s own sessions: that token stops working, the others keep working', async () => {
    const email = await api.register(password);
    const first = await signIn(email, chromeWindows);
    const second = await signIn(email, firefoxMac);
    const target = (await list(first)).data.list.find((session) => !session.current);
    expect(target).toBeDefined();

    expect(await revoke(first, target?.id)).toMatchObject({ status: 200, code: 200, data: { sessionId: target?.id, current: false } });
    expect(await alive(second)).toBe(401);
    expect(await alive(first)).toBe(200);
    expect((await list(first)).data.list.map((session) => session.id)).not.toContain(target?.id);
    // A second revoke of the same session: it is no longer an active session.
    expect(await revoke(first, target?.id)).toMatchObject({ status: 200, code: 10050 });
  });

  it('revokes the current session: that is a sign-out', async () => {
    const email = await api.register(password);
    const token = await signIn(email, chromeWindows);
    const own = (await list(token)).data.list[0];
    expect(await revoke(token, own?.id)).toMatchObject({ code: 200, data: { current: true } });
    expect(await alive(token)).toBe(401);
  });

  it('cannot revoke another user’s session or an unknown one (10050, the same reply)', async () => {
    const victimEmail = await api.register(password);
    const victim = await signIn(victimEmail, chromeWindows);
    const victimSession = (await list(victim)).data.list[0]?.id;
    const attacker = await signIn(await api.register(password), firefoxMac);

    const foreign = await revoke(attacker, victimSession);
    const unknown = await revoke(attacker, 2_000_000_000);
    expect(foreign).toMatchObject({ status: 200, code: 10050, msg: 'Session not found', data: null });
    expect(unknown).toEqual(foreign);
    expect(await alive(victim)).toBe(200);
    // The attacker's list shows only the attacker's session.
    expect((await list(attacker)).data.list.map((session) => session.id)).not.toContain(victimSession);
  });

  it('answers bad input with 400 and no token with 401', async () => {
    const token = await signIn(await api.register(password), chromeWindows);
    for (const sessionId of ['abc', -1, 0, 1.5, 2 ** 40, null, { id: 1 }]) {
      expect(await revoke(token, sessionId), `sessionId ${JSON.stringify(sessionId)}`).toMatchObject({ status: 400, code: 400 });
    }
    expect(await api.call('POST', '/institution/session/revoke', { token, body: {} })).toMatchObject({ status: 400, data: { field: 'sessionId' } });
    expect((await api.call('GET', '/institution/session/list')).status).toBe(401);
    expect((await api.call('POST', '/institution/session/revoke', { body: { sessionId: 1 } })).status).toBe(401);
    expect(await alive(token)).toBe(200);
  });

  it('ends a session idle longer than the idle timeout (30 minutes), while activity keeps it alive', async () => {
    const email = await api.register(password);
    const busy = await signIn(email, chromeWindows);
    const idle = await signIn(email, firefoxMac);
    // Used every 20 minutes for 2 hours: still alive, though far past 30 minutes since sign-in.
    for (let step = 0; step < 6; step++) {
      api.clock.advance(20 * minute);
      expect(await alive(busy)).toBe(200);
    }
    // The other one was last used at sign-in.
    expect(await alive(idle)).toBe(401);
    expect((await list(busy)).data.list).toHaveLength(1);
    api.clock.advance(31 * minute);
    expect(await alive(busy)).toBe(401);
  });
});
