import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../contract/api.ts';
import { brokerAnalyticsExports } from '../../contract/broker-analytics.ts';
import { brokerBillExport, brokerOperationExport } from '../../contract/broker-funds.ts';
import { brokerProjectExports } from '../../contract/broker-project-exports.ts';
import type { CallDef } from '../../contract/call.ts';
import { walletExport } from '../../contract/wallet.ts';
import { expand, parseSpecCalls, readSpecCalls } from './spec-call-list.ts';

/**
 * Every call the spec lists (§7 "The calls the product makes") is defined in `contract/` with the spec's method
 * (POST unless noted) and, where the spec says "(no token)", without a token. The list is read from the spec
 * (tests/api/spec-call-list.ts says how its bullets are read), so a call added to the spec fails here until the
 * contract has it. Downloads (a file, not an envelope) are the contract's export forms.
 */

/**
 * §7 bullets that name calls without their paths, and where the contract serves them. A new such bullet fails the
 * test until it is placed here. Beside these, prose of §7 names calls with no path at all, which no list can check:
 * "Other calls, with paths not shown: account list and default-account set, convert assets, OTC assets, the exchange
 * symbol list, and the favourite-selection config" (contract/accounts.ts, convert.ts, otc.ts, public.ts, config.ts)
 * and "Futures queries (paths not shown)" (contract/futures.ts).
 */
const NAMELESS: Record<string, readonly string[]> = {
  // Under "User config and self-selection", beside its update call /user/feConfig/updateSelfSelectionConfig.
  'GET getSelfSelectionConfig': ['/user/feConfig/getSelfSelectionConfig'],
  // Under "Lightning futures": the trader management beside /broker/lightning/trader/register and trader/query.
  'updatePermissions, delTraders, permissionsList': [
    '/broker/lightning/trader/updatePermissions',
    '/broker/lightning/trader/delTraders',
    '/broker/lightning/trader/permissionsList',
  ],
};

const calls = apiCalls as Record<string, CallDef>;
const downloads = new Set<string>([
  walletExport.path,
  brokerOperationExport.path,
  brokerBillExport.path,
  ...Object.values(brokerAnalyticsExports).map((x) => x.path),
  ...Object.values(brokerProjectExports).map((x) => x.path),
]);

describe('the spec call list parser', () => {
  it('expands a prefix list, sibling folders and the broker section', () => {
    expect(expand('/account/block/', 'fiat/pageTransaction')).toBe('/account/block/fiat/pageTransaction');
    expect(expand('/broker/lightning/trader/', 'trader/query')).toBe('/broker/lightning/trader/query');
    expect(expand('/broker/fundTransfer/', '/accounts')).toBe('/broker/fundTransfer/accounts');
    const spec = [
      '## 7. The calls',
      '### Wallet',
      '- /account/block/a, b, fiat/c',
      '- GET /user/assets',
      '- /x/y (no token)',
      '- Leverage: /l/m/q, r. They send baseCurrency.',
      '- A websocket streams miniTicker, depth',
      '- names, only',
      '### Broker calls (POST, JSON, under /broker unless noted)',
      'GET:',
      '- p/q (query), p/r (query)',
      'POST:',
      '- s, t/u (download, file name x)',
      '## 8. Errors',
    ].join('\n');
    const { calls: parsed, nameless } = parseSpecCalls(spec);
    expect(parsed.map((c) => `${c.method} ${c.path}${c.noToken ? ' public' : ''}${c.download ? ' download' : ''}`)).toEqual([
      'POST /account/block/a',
      'POST /account/block/b',
      'POST /account/block/fiat/c',
      'GET /user/assets',
      'POST /x/y public',
      'POST /l/m/q',
      'POST /l/m/r',
      'GET /broker/p/q',
      'GET /broker/p/r',
      'POST /broker/s',
      'POST /broker/t/u download',
    ]);
    expect(nameless.map((n) => n.line)).toEqual(['names, only']);
  });
});

describe('every call of the spec (§7) is in the contract', () => {
  const { calls: spec, nameless } = readSpecCalls();

  it('reads the whole list', () => {
    // 219 call paths when the audit counted them (with the four nameless names below).
    expect(spec.length + Object.values(NAMELESS).flat().length).toBeGreaterThanOrEqual(219);
  });

  it('defines each listed path', () => {
    const missing = spec.filter((c) => !(c.download ? downloads.has(c.path) : c.path in calls)).map((c) => c.path);
    expect(missing).toEqual([]);
  });

  it('with the spec method (POST unless noted)', () => {
    const wrong = spec.filter((c) => !c.download && calls[c.path] && calls[c.path]!.method !== c.method).map((c) => `${c.path}: spec ${c.method}, contract ${calls[c.path]!.method}`);
    expect(wrong).toEqual([]);
  });

  it('without a token where the spec says (no token)', () => {
    const wrong = spec.filter((c) => c.noToken && calls[c.path] && calls[c.path]!.auth !== 'public').map((c) => c.path);
    expect(wrong).toEqual([]);
  });

  it('places each bullet that names calls without paths', () => {
    expect(nameless.map((n) => n.line).sort()).toEqual(Object.keys(NAMELESS).sort());
    const missing = Object.values(NAMELESS).flat().filter((p) => !(p in calls));
    expect(missing).toEqual([]);
  });

  it('serves §6 "market configuration" without a token', () => {
    // spec §6: public calls include the market configuration (the §7 bullet /market/configure/list, labelList).
    expect(['/market/configure/list', '/market/configure/labelList'].map((p) => calls[p]?.auth)).toEqual(['public', 'public']);
  });
});
