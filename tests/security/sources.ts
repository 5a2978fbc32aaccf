import http from 'node:http';
import type { Envelope } from '../../server/platform/envelope.ts';
import type { Reply, TestApi } from '../api/helpers.ts';

/**
 * A call from another loopback address (127.0.0.0/8 all reach the sandbox on 127.0.0.1): another source. The
 * TestApi's own calls come from 127.0.0.1.
 */
export function callFrom<T>(api: TestApi, source: string, method: string, route: string, body?: unknown): Promise<Reply<T>> {
  const url = new URL(api.base + route);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: source,
        headers: { source: 'web', ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<T>;
          resolve({ status: response.statusCode ?? 0, ...envelope });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A wrong password from `source`, solving the image captcha whenever the sandbox asks (a patient human stranger). */
export async function wrongPasswordFrom(api: TestApi, source: string, email: string): Promise<Reply> {
  const body = { username: email, password: api.encrypt('Wrong-Pass1') };
  const first = await callFrom(api, source, 'POST', '/institution/login', body);
  if (first.code !== 10040) return first;
  return callFrom(api, source, 'POST', '/institution/login', { ...body, ...(await api.captcha()) });
}
