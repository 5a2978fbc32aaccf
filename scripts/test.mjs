// `npm test`: every layer in order (types, lint, unit, browser, end-to-end, benchmark smoke run),
// then one summary line. Exits non-zero if any step failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

const steps = [];
function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

/**
 * Runs steps side by side and prints each one's output, whole, when it ends (no interleaving). For the
 * single-threaded steps at the start (type-check, lint, the app's production build): on two cores they take
 * about the longest of them rather than their sum.
 */
function runTogether(jobs) {
  return Promise.all(
    jobs.map(
      ({ name, command, args, env = {} }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const end = (ok) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n▶ ${name}: ${command} ${args.join(' ')} (${seconds} s, run alongside ${jobs.length - 1} other step(s))`);
            process.stdout.write(Buffer.concat(output));
            resolve({ name, ok, seconds });
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            end(false);
          });
          child.on('close', (code) => end(code === 0));
        }),
    ),
  ).then((results) => {
    // In the summary in the order given, whichever ended first.
    steps.push(...results);
    return results;
  });
}

const firstLine = (text) => (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

const npx = (args) => ['npx', ['--no-install', ...args]];
const job = ([command, args]) => ({ command, args });

const chromium = ensureChromium();
if (!chromium.ok) {
  console.error(chromium.message);
  steps.push({ name: 'chromium', ok: false, seconds: '0.0' });
} else {
  process.env.CHROMIUM_PATH = chromium.path;
}

// The end-to-end tests serve the production build (tests/e2e/global-setup.ts): it is made here, beside the
// type-check and lint, into a folder of this run's own, and handed over in E2E_DIST_DIR.
const e2eDist = mkdtempSync(path.join(os.tmpdir(), 'td-e2e-dist-'));
const [, , build] = await runTogether([
  { name: 'types', ...job(npx(['tsc', '-b'])) },
  // ESLint, then the server's layer rules (.dependency-cruiser.cjs): `npm run lint`.
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  {
    name: 'build (for the end-to-end tests)',
    ...job(npx(['vite', 'build', '--mode', 'production', '--outDir', e2eDist, '--emptyOutDir', '--logLevel', 'warn'])),
    env: { NODE_ENV: 'production' },
  },
]);

// Unit and browser tests first, then the end-to-end tests on their own: they drive Chromium against a
// sandbox and are the most sensitive to a 2-core machine being busy with other test files.
const tests = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Two workers for the first run even on 2 cores (vitest's default there is one): its files mostly wait on
// loopback sockets and databases, and each starts its own sandbox and PostgreSQL cluster, so they do not share state.
const runs = [
  ['tests (unit, security, browser)', ['--project', 'unit', '--project', 'security', '--project', 'browser', '--maxWorkers', '2'], 'vitest-unit-browser.json'],
  // Two at a time too: every end-to-end file has its own sandbox and browser (tests/e2e/support/suite.ts).
  ['tests (e2e)', ['--project', 'e2e', '--maxWorkers', '2'], 'vitest-e2e.json'],
];
if (chromium.ok) {
  for (const [name, projects, file] of runs) {
    const json = path.join(resultsDir, file);
    rmSync(json, { force: true });
    // A failed build leaves E2E_DIST_DIR unset: the global setup then builds (and reports) it itself.
    const env = build.ok ? { E2E_DIST_DIR: e2eDist } : {};
    run(name, ...npx(['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]), env);
    if (!existsSync(json)) continue;
    const report = JSON.parse(readFileSync(json, 'utf8'));
    tests.passed += report.numPassedTests ?? 0;
    // A file that fails to load has no failed test but a failed suite: count it once.
    tests.failed += report.numFailedTests || report.numFailedTestSuites || 0;
    tests.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (failedTests.length === 0 && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
}

rmSync(e2eDist, { recursive: true, force: true });

if (existsSync(path.join(root, 'bench', 'run.ts'))) run('bench:ci', 'npm', ['run', '--silent', 'bench:ci']);

console.log('\nSummary');
for (const step of steps) console.log(`  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds} s)`);
// The tail of the log is what a CI summary shows: name each failed test there, with its first message line.
if (failures.length > 0) {
  console.log('\nFailed tests');
  for (const line of failures) console.log(`  ${line}`);
}
const failedSteps = steps.filter((s) => !s.ok).length;
// A failed step that is not a test (types, lint, benchmark) counts as one failure.
const failed = tests.failed + (failedSteps > 0 && tests.failed === 0 ? failedSteps : 0);
console.log(`\ntest: ${tests.passed} passed, ${failed} failed, ${tests.skipped} skipped`);
process.exit(failedSteps > 0 || tests.failed > 0 ? 1 : 0);
