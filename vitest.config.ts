import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { chromiumPath, chromiumArgs } from './scripts/chromium.ts';

// Three layers (../shared/CONVENTIONS.md "Tests"):
// - unit:    `*.test.ts` beside the code and under tests/ (Node; real sockets on loopback where needed)
// - security: `tests/security/*.test.ts` (Node), the attacker's view of the sandbox
// - browser: `*.browser.test.ts(x)`, run in real Chromium through Vitest browser mode
// - e2e:     `tests/e2e/**/*.e2e.test.ts`, Node driving Chromium (playwright-core) against a sandbox of the file's own
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{src,workers,server,contract,tests,bench,scripts}/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/*.e2e.test.ts', 'tests/security/**', 'node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // One worker runs file after file in the same module graph, as the e2e project does: the server code,
          // PGlite and the compiled route schemas load once per worker rather than once per file (about a third
          // of this project's CPU time on 2 cores). No test mocks modules or leaves globals changed, and the
          // server modules keep no state between sandboxes beyond caches of what does not change (the migrated
          // template, the dummy password hash).
          isolate: false,
        },
      },
      {
        // The security suite (issue: account security hardening): one test per attack, each shown to fail
        // on the code before its fix. Node, real sockets on loopback, PGlite and (when installed) PostgreSQL.
        test: {
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // As the unit project: modules load once per worker (every file still starts its own sandbox).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'browser',
          include: ['{src,workers,tests}/**/*.browser.test.{ts,tsx}'],
          testTimeout: 20_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A worker runs file after file without a new process and a fresh import of the sandbox (server code,
          // PGlite's WebAssembly) for each: every file starts and closes its own sandbox and browser
          // (support/suite.ts), and the server modules keep no state between sandboxes.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll without its own timeout waits up to 10 s, not vitest's 1 s: on a 2-core CI machine running two
          // files side by side, a page's navigation, chunk load and sandbox call can take longer than a second
          // (wallet-fiat.e2e once failed so on a records page that shows within a second here).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
