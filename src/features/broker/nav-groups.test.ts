import { describe, expect, it } from 'vitest';
import { pageRoutes, redirectRoutes, BROKER_BASE } from '../../app/route-table.ts';
import { BROKER_NAV_GROUPS } from './nav-groups.ts';

describe('broker menu groups (spec §2 "Broker pages")', () => {
  it("has the spec's nine headings in its order", () => {
    expect(BROKER_NAV_GROUPS.map((g) => g.key)).toEqual(['account', 'project', 'billing', 'records', 'config', 'overview', 'dataAnalysis', 'apiManagement', 'portfolio']);
  });

  it('holds every broker route without a parameter exactly once, and nothing else', () => {
    const menu = BROKER_NAV_GROUPS.flatMap((g) => [...g.pages]);
    const routes = pageRoutes.filter((r) => r.layout === 'broker' && !r.path.includes(':')).map((r) => r.page);
    expect(new Set(menu).size).toBe(menu.length);
    expect([...menu].sort()).toEqual([...routes].sort());
  });

  it('sends the broker manager itself to the project page (spec §2 default redirect)', () => {
    expect(redirectRoutes.find((r) => r.path === BROKER_BASE)?.to).toBe(`${BROKER_BASE}/project`);
  });
});
