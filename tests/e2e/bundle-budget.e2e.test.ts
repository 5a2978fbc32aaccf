import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildProduction, INITIAL_JS_GZIP_BUDGET, initialJs, initialScripts, isDevelopmentBuild } from '../../bench/bundle-size.ts';
import { LANGUAGES, leaves, lookup, namespaces, namespaceTree } from '../support/locale-namespace.ts';

/** The namespaces the start-up JavaScript may hold (src/lib/i18n START_NAMESPACES; errors is the API client's own). */
const START = new Set(['common', 'errors', 'messages']);
/** The sandbox's texts, never the app's (src/lib/i18n). */
const SERVER_ONLY = new Set(['mail', 'api-messages', 'broker-export']);

/** A namespace's longest text in a language that a bundle holds as written (no quote, backslash or placeholder). */
function longestText(language: (typeof LANGUAGES)[number], ns: string): string {
  const tree = namespaceTree(language, ns);
  const texts = leaves(tree).map((key) => lookup(tree, key) as string);
  return texts.filter((text) => !/["'`\\$\n]/.test(text)).sort((a, b) => b.length - a.length)[0] ?? '';
}

// Issue 19 "Cold start": the JavaScript a first visit downloads before the first route renders, in gzip
// bytes, against a budget. A size, not a timing: it does not depend on the machine. It lives in the e2e
// project, whose global setup builds the app (tests/e2e/global-setup.ts), after the unit and browser tests in
// `npm test`. That build is the production one; should it ever be a
// development build, this file builds the production app itself, since the budget is for what ships. Figures
// and how to print the breakdown: bench/README.md.
describe('initial JavaScript budget', () => {
  let distDir = inject('distDir');
  let ownBuild: string | undefined;

  beforeAll(async () => {
    if (!isDevelopmentBuild(distDir)) return;
    ownBuild = distDir = mkdtempSync(path.join(os.tmpdir(), 'td-budget-dist-'));
    await buildProduction(distDir);
  });

  afterAll(() => {
    if (ownBuild) rmSync(ownBuild, { recursive: true, force: true });
  });

  it('reads the entry and its modulepreloads from index.html, not the lazy chunks or styles', () => {
    const scripts = initialScripts(
      '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/b.js">' +
        '<link rel="stylesheet" href="/assets/c.css"><link rel="modulepreload" href="/assets/b.js"><script src="/legacy.js"></script>',
    );
    expect(scripts).toEqual(['/assets/index-a.js', '/assets/b.js']);
  });

  it(`stays within ${INITIAL_JS_GZIP_BUDGET / 1024} KiB gzip in the production build`, () => {
    expect(existsSync(path.join(distDir, 'index.html'))).toBe(true);
    expect(isDevelopmentBuild(distDir)).toBe(false);
    const sizes = initialJs(distDir);
    expect(sizes.files[0]?.file).toMatch(/^\/assets\/index-.*\.js$/);
    expect(sizes.files.length).toBeGreaterThan(1);
    // The pages are lazy chunks: the trading page is not part of the initial download.
    expect(sizes.lazyFiles).toBeGreaterThan(10);
    expect(sizes.files.some((f) => /TradingPage/.test(f.file))).toBe(false);
    const largest = [...sizes.files]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 5)
      .map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KiB`)
      .join(', ');
    expect(sizes.gzipBytes, `initial JavaScript ${(sizes.gzipBytes / 1024).toFixed(1)} KiB gzip; largest: ${largest}`).toBeLessThanOrEqual(INITIAL_JS_GZIP_BUDGET);
  });

  it("holds no page's locale namespace: those load with their pages (src/app/page-namespaces.ts)", () => {
    const code = initialJs(distDir)
      .files.map((f) => readFileSync(path.join(distDir, f.file.replace(/^\//, '')), 'utf8'))
      .join('\n');
    const found = LANGUAGES.flatMap((language) =>
      namespaces(language)
        .filter((ns) => !START.has(ns) && !SERVER_ONLY.has(ns))
        .map((ns) => [ns, longestText(language, ns)] as const)
        .filter(([, text]) => text.length > 20 && code.includes(text))
        .map(([ns]) => `${language}/${ns}`),
    );
    expect(found).toEqual([]);
  });
});
