import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildSandbox } from '../../server/app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The built app, for test files that start a sandbox of their own (e.g. one whose clock they move). */
    distDir: string;
  }
}

/** Builds the app and starts a sandbox for the end-to-end tests on a free loopback port. */
export default async function setup(project: TestProject) {
  // The app is built into a folder of this run's own, so that two runs (or `npm start`) never share dist/.
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'td-e2e-dist-'));
  await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts'), build: { outDir, emptyOutDir: true } });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'td-e2e-'));
  const app = await buildSandbox({ distDir: outDir, api: { dataDir } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox did not bind');
  project.provide('baseURL', `http://127.0.0.1:${address.port}`);
  project.provide('distDir', outDir);
  return async () => {
    // The app's market core must stay within Binance's request weight: no 429 or 418 in the whole suite.
    const state = (await (await fetch(`http://127.0.0.1:${address.port}/sim/_control/state`)).json()) as {
      weights: Record<string, { limit: number; peak: number; rejected: number; banned: number }>;
    };
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
    const over = Object.entries(state.weights).filter(([, m]) => m.rejected > 0 || m.banned > 0);
    if (over.length > 0) throw new Error(`the simulator refused the app's REST requests (request weight): ${JSON.stringify(Object.fromEntries(over))}`);
  };
}
