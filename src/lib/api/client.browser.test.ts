import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';

describe('api client in the browser', () => {
  it('resolves the default relative base URL (/api) against the page origin', async () => {
    const toasts: string[] = [];
    const api = createApiClient({ notify: ({ text }) => toasts.push(text), getLanguage: () => 'en-US' });
    const error = await api.get('/probe/relative-base?x=1').then(
      () => null,
      (e: unknown) => e,
    );
    // The test server has no /api: what matters is that the request reached it (not a network error).
    expect(error).toBeInstanceOf(ApiError);
    expect(['http', 'invalid']).toContain((error as ApiError).kind);
    expect((error as ApiError).status).toBeTypeOf('number');
    const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(urls).toContain(`${location.origin}/api/probe/relative-base?x=1`);
    expect(toasts).toHaveLength(1);
  });
});
