import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerAnalyticsExports } from '../../contract/broker-analytics.ts';
import { brokerProjectExports } from '../../contract/broker-project-exports.ts';
import type { CallDef } from '../../contract/call.ts';
import { buildSandbox } from '../../server/app.ts';
import { ManualScheduler, Simulator } from '../../server/sim/index.ts';
import { FakeClock } from './helpers.ts';

/**
 * One definition per call (issue 11, "One contract for the provider API"): every route the sandbox serves under
 * /api is defined in `contract/` — method, token or not, request and reply schema — and the schema the route
 * validates with is the contract's own object, not a copy. Developer controls (/_dev) and the health check are
 * the sandbox's, not the provider's API; the KYC upload takes a raw file (its type and size are checked by the
 * upload parser, server/platform/uploads.ts) and the export a form (contract/wallet.ts `walletExport`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NOT_CALLS = new Set(['/health', '/institution/kyc/upload']);
/** Downloads reply with a file, not an envelope: defined as forms (contract/wallet.ts walletExport, contract/broker-funds.ts). */
const DOWNLOADS = new Set(['/account/bill/export', '/broker/account/bill/export', '/broker/exportBrokerFinancingAction', '/broker/exportSettleBill', '/broker/exportSettleBillDetail', '/broker/profitAccrual/export']);

function isCallDef(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'auth' in value && 'reply' in value;
}

async function contractCalls(): Promise<Map<string, CallDef>> {
  const calls = new Map<string, CallDef>();
  for (const file of readdirSync(path.join(root, 'contract')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(path.join(root, 'contract', file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const [url, def] of Object.entries(value)) if (url.startsWith('/') && isCallDef(def)) calls.set(url, def);
    }
  }
  return calls;
}

describe('the provider API contract covers every call the sandbox serves', () => {
  const routes: RouteOptions[] = [];
  let close: () => Promise<void>;
  let calls: Map<string, CallDef>;

  beforeAll(async () => {
    const sim = new Simulator({ seed: 3, scheduler: new ManualScheduler() });
    const app = await buildSandbox({ api: { clock: new FakeClock(), demoProject: false }, sim: { simulator: sim }, onRoute: (route) => routes.push(route) });
    await app.ready();
    close = async () => {
      await app.close();
      sim.stop();
    };
    calls = await contractCalls();
  }, 90_000);
  afterAll(async () => close?.());

  const apiRoutes = () =>
    routes
      // Fastify adds a HEAD route beside every GET.
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/_dev/') && r.method !== 'HEAD')
      .map((r) => ({ ...r, call: r.url.slice('/api'.length) }))
      .filter((r) => !NOT_CALLS.has(r.call) && !DOWNLOADS.has(r.call))
      // The performance pages' downloads (contract/broker-analytics.ts brokerAnalyticsExports) are forms too.
      .filter((r) => !Object.values(brokerAnalyticsExports).some((x) => x.path === r.call))
      // So are the project pages' and the analysis tab's (contract/broker-project-exports.ts), with query parameters.
      .filter((r) => !Object.values(brokerProjectExports).some((x) => x.path === r.call));

  it('every /api route is a contract call with the same method', () => {
    const served = apiRoutes();
    expect(served.length).toBeGreaterThan(100);
    const missing = served.filter((r) => !calls.has(r.call)).map((r) => `${String(r.method)} ${r.call}`);
    expect(missing).toEqual([]);
    const wrongMethod = served.filter((r) => calls.get(r.call) && calls.get(r.call)!.method !== r.method).map((r) => r.call);
    expect(wrongMethod).toEqual([]);
  });

  it('each route validates with its contract schema object itself', () => {
    const copies = apiRoutes().flatMap((r) => {
      const def = calls.get(r.call);
      if (!def) return [];
      const schema = (r.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const wrong: string[] = [];
      if ((def.body ?? undefined) !== (schema.body ?? undefined)) wrong.push(`${r.call} body`);
      if ((def.query ?? undefined) !== (schema.querystring ?? undefined)) wrong.push(`${r.call} query`);
      return wrong;
    });
    expect(copies).toEqual([]);
  });
});
