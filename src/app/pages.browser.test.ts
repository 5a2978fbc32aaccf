import { describe, expect, it } from 'vitest';
import { isRegistered } from './pages.ts';
import { pageRoutes } from './route-table.ts';

// In the browser project: the feature modules behind the registry touch `document` when loaded.
// Every spec §2 route has its page: the registry here plus the feature page maps it spreads in (broker manager,
// broker money). None falls back to the coming-soon page; tests/e2e/routes.e2e.test.ts opens each one in Chromium.
describe('page registry', () => {
  it('registers a page for every route of the route table', () => {
    const missing = pageRoutes.map((r) => r.page).filter((page) => !isRegistered(page));
    expect(pageRoutes.length).toBeGreaterThan(70); // spec §2 has 79 routes: the table was read whole
    expect(missing).toEqual([]);
  });

  it('answers false for a key no route has', () => {
    expect(isRegistered('noSuchPage')).toBe(false);
  });
});
