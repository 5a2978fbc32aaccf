import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api/index.ts';
import { session } from '../../lib/session/index.ts';
import { bootstrapSession, signOut } from './session-bootstrap.ts';

type Handler = (url: URL, init: Request) => { status?: number; body: unknown };

/** Answers the app's API calls in the page (ky calls the global fetch with a Request). */
function serve(handler: Handler) {
  const calls: Array<{ path: string; method: string; auth: string | null }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    calls.push({ path: url.pathname, method: request.method, auth: request.headers.get('Authorization') });
    const { status = 200, body } = handler(url, request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

beforeAll(() => {
  // The app shell's wiring (src/app/wire-api.ts), reduced to what these calls need.
  configureApi({ getToken: () => session.getState().token, notify: () => {} });
});

afterEach(() => {
  vi.restoreAllMocks();
  session.actions.signOut();
});

describe('session bootstrap (spec §6 permissions from the menu loaded after login)', () => {
  it('loads user info and menu; the menu permissions travel with the user info', async () => {
    const calls = serve((url) => {
      if (url.pathname === '/api/institution/getUserInfo') return { body: { code: 200, msg: 'ok', data: { email: 'a@b.co', userName: 'a@b.co' } } };
      if (url.pathname === '/api/menu/getUserMenu') {
        return { body: { code: 200, msg: 'ok', data: { menus: [{ code: 'home', path: 'home' }], permissions: { withdrawCoin: { enabled: false, reason: 'frozen' } } } } };
      }
      return { status: 404, body: { code: 404, msg: 'no', data: null } };
    });
    session.actions.signIn('tok-1');
    expect(await bootstrapSession()).toBe(true);
    const state = session.getState();
    expect(state.userInfo).toEqual({ email: 'a@b.co', userName: 'a@b.co', permissions: { withdrawCoin: { enabled: false, reason: 'frozen' } } });
    expect(state.userMenu).toEqual([{ code: 'home', path: 'home' }]);
    expect(calls.every((c) => c.auth === 'Bearer tok-1')).toBe(true);
  });

  it('does nothing without a token, and drops a reply that arrives after sign-out', async () => {
    const calls = serve(() => ({ body: { code: 200, msg: 'ok', data: { email: 'late@b.co' } } }));
    expect(await bootstrapSession()).toBe(false);
    expect(calls).toHaveLength(0);
    session.actions.signIn('tok-2');
    const pending = bootstrapSession();
    session.actions.signOut();
    expect(await pending).toBe(false);
    expect(session.getState().userInfo).toBeNull();
  });

  it('signs out on the server, and clears the session even when that call fails', async () => {
    const calls = serve(() => ({ status: 500, body: { code: 500, msg: 'down', data: null } }));
    session.actions.signIn('tok-3');
    await signOut();
    expect(calls).toEqual([{ path: '/api/institution/logout', method: 'POST', auth: 'Bearer tok-3' }]);
    expect(session.getState().token).toBeNull();
    expect(session.getState().isLogin).toBe(false);
  });
});
