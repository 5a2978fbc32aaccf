import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server's layer rules (.dependency-cruiser.cjs, run by `npm run lint`) against a small tree laid out like
// server/: each rule must catch the one import that breaks it, and let the allowed ones through. The cruiser runs
// in a child process, as `npm run lint` runs it: it loads the TypeScript compiler, which would otherwise stay in
// this test worker's heap for the files after it (the worker keeps its modules from file to file).
const repo = path.resolve(import.meta.dirname, '../..');
const cli = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** file → its source: one import per line, named for what it breaks. */
const tree: Record<string, string> = {
  'server/app.ts': "import './wallet/plugin.ts';\nimport './identity/plugin.ts';\n",
  'server/platform/kernel.ts': "import './envelope.ts';\nimport '../wallet/index.ts';\n",
  'server/platform/envelope.ts': 'export const code = 1;\n',
  'server/identity/plugin.ts': "import '../platform/envelope.ts';\nimport '../broker/org.ts';\n",
  'server/ledger/ledger.ts': "import '../platform/envelope.ts';\nimport '../trade/index.ts';\n",
  'server/sim/index.ts': "import './market.ts';\nimport '../platform/envelope.ts';\n",
  'server/sim/market.ts': 'export const book = 1;\n',
  'server/wallet/plugin.ts': "import './assets.ts';\nimport '../sim/index.ts';\nimport '../sim/market.ts';\n",
  'server/wallet/index.ts': "export * from './assets.ts';\n",
  'server/wallet/assets.ts': "import '../identity/plugin.ts';\nexport const asset = 1;\n",
  'server/otc/routes.ts': "import '../wallet/index.ts';\nimport '../wallet/assets.ts';\nimport '../ledger/ledger.ts';\n",
  'server/help/routes.ts': "import '../app.ts';\n",
  'server/broker/org.ts': 'export const org = 1;\n',
  'server/convert/index.ts': "import './pricing.ts';\nexport const convert = 1;\n",
  'server/convert/pricing.ts': "import './index.ts';\nimport '../trade/index.ts';\n",
  'server/trade/index.ts': "import '../convert/index.ts';\nexport const trade = 1;\n",
  'contract/call.ts': "import '../server/platform/envelope.ts';\n",
};

let root = '';
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'td-layers-'));
  for (const [file, source] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  // The project's rules and options, without its tsconfig (the small tree has none).
  const config = JSON.stringify(path.join(repo, '.dependency-cruiser.cjs'));
  writeFileSync(path.join(root, 'rules.cjs'), `const c = require(${config});\nconst { tsConfig, ...options } = c.options;\nmodule.exports = { ...c, options };\n`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let found: Promise<string[]> | undefined;
/** The violations the rules find in the small tree (one cruise for both tests). */
function violations(): Promise<string[]> {
  found ??= promisify(execFile)(process.execPath, [cli, 'server', 'contract', '--config', 'rules.cjs', '--output-type', 'json'], { cwd: root, maxBuffer: 16 * 1024 * 1024 })
    .catch((error: { stdout?: string }) => {
      // The cruiser exits with the number of violations; its report is on stdout all the same.
      if (typeof error.stdout === 'string' && error.stdout.startsWith('{')) return { stdout: error.stdout };
      throw error;
    })
    .then(({ stdout }) => (JSON.parse(stdout) as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort());
  return found;
}

describe('the server layer rules', () => {
  it('catch each import that points up, across domains or around an entry, and each cycle', async () => {
    const found = await violations();
    expect(found).toEqual(
      expect.arrayContaining([
        'platform-imports-platform-only: server/platform/kernel.ts → server/wallet/index.ts',
        'identity-on-platform-only: server/identity/plugin.ts → server/broker/org.ts',
        'ledger-on-platform-only: server/ledger/ledger.ts → server/trade/index.ts',
        'sim-stands-alone: server/sim/index.ts → server/platform/envelope.ts',
        'sim-through-its-entry: server/wallet/plugin.ts → server/sim/market.ts',
        'domain-to-domain-through-index: server/otc/routes.ts → server/wallet/assets.ts',
        'plugins-composed-in-app: server/wallet/assets.ts → server/identity/plugin.ts',
        'nothing-imports-the-composition: server/help/routes.ts → server/app.ts',
        'contract-imports-neither-side: contract/call.ts → server/platform/envelope.ts',
      ]),
    );
    expect(found.some((v) => v.startsWith('no-module-cycle: server/convert/'))).toBe(true);
    expect(found.some((v) => /^no-folder-cycle: server\/(convert|trade) → server\/(trade|convert)/.test(v))).toBe(true);
  });

  it('let the imports that point down, through an entry, or from the composition through', async () => {
    const found = await violations();
    for (const allowed of [
      'server/app.ts → server/wallet/plugin.ts',
      'server/otc/routes.ts → server/wallet/index.ts',
      'server/otc/routes.ts → server/ledger/ledger.ts',
      'server/wallet/plugin.ts → server/sim/index.ts',
      'server/identity/plugin.ts → server/platform/envelope.ts',
    ]) {
      expect(found.filter((v) => v.endsWith(`: ${allowed}`))).toEqual([]);
    }
  });
});
