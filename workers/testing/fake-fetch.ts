import type { FetchLike } from '../rest.ts';

export interface Pending {
  url: string;
  resolve(body: unknown): void;
  fail(status: number): void;
}

/** A fetch whose answers the test gives, one request at a time. */
export function fakeFetch(): { fetch: FetchLike; requests: Pending[]; take(match: string): Pending } {
  const requests: Pending[] = [];
  const fetch: FetchLike = (url) =>
    new Promise((resolve) => {
      requests.push({
        url,
        resolve: (body) => resolve({ ok: true, status: 200, json: async () => body }),
        fail: (status) => resolve({ ok: false, status, json: async () => ({}) }),
      });
    });
  return {
    fetch,
    requests,
    take(match: string): Pending {
      const i = requests.findIndex((r) => r.url.includes(match));
      if (i < 0) throw new Error(`no request matching ${match}; have ${requests.map((r) => r.url).join(', ')}`);
      return requests.splice(i, 1)[0] as Pending;
    },
  };
}

/** Let promise callbacks run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
