import { vi } from 'vitest';

type Handler = (path: string, body: Record<string, unknown>, url: URL) => unknown;

/** A business refusal (`{ code, msg, data }` with HTTP 200) for a handler to answer with. */
export class Refusal {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
  ) {}
}

/** Answers the app's API calls in the page with `{ code: 200, data }` from `handler` (ky calls the global fetch). */
export function serveApi(handler: Handler): Array<{ path: string; body: Record<string, unknown> }> {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    calls.push({ path, body });
    const reply = handler(path, body, url);
    const envelope =
      reply instanceof Refusal
        ? { code: reply.code, msg: `refused ${reply.code}`, data: reply.data }
        : reply instanceof Error
          ? { code: 10001, msg: reply.message, data: null }
          : { code: 200, msg: 'success', data: reply };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** A real RSA public key (PEM) so the app's password encryption runs as against the sandbox. */
export async function testPublicKey(): Promise<string> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  return `-----BEGIN PUBLIC KEY-----\n${base64.replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----`;
}
