import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildProduction } from '../../bench/bundle-size.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app. Each test file serves it from a sandbox of its own (support/suite.ts), so files never share one. */
    distDir: string;
  }
}

/** Builds the app once for the end-to-end tests, unless `npm test` has built it already (E2E_DIST_DIR). */
export default async function setup(project: TestProject) {
  // scripts/test.mjs builds the production app beside the type-check and lint, and removes it afterwards.
  const prebuilt = process.env['E2E_DIST_DIR'];
  if (prebuilt && existsSync(path.join(prebuilt, 'index.html'))) {
    project.provide('distDir', prebuilt);
    return;
  }
  // Into a folder of this run's own, so that two runs (or `npm start`) never share dist/. The production build,
  // as users get it: React's development build would be slower under test and is not what ships, and the bundle
  // budget (bundle-budget.e2e.test.ts) reads this same build.
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'td-e2e-dist-'));
  await buildProduction(outDir);
  project.provide('distDir', outDir);
  return async () => {
    await rm(outDir, { recursive: true, force: true });
  };
}
