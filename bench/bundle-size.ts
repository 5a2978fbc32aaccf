// Initial JavaScript of the built app, in gzip bytes (issue 19 "Cold start"): the entry script and every
// modulepreload that dist/index.html loads before the first route renders; chunks loaded later (a page's
// lazy chunk, e.g. the trading page) are not counted. tests/e2e/bundle-budget.e2e.test.ts holds it to a
// budget in `npm test`; `npx tsx bench/bundle-size.ts [distDir]` prints the breakdown (builds into a temp
// dir when no distDir is given).
//
// Only a production build counts: under Vitest (NODE_ENV=test) Vite builds React's development bundles
// (jsx-dev-runtime, about 60 KiB gzip more), which is what the e2e global setup serves today.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Budget for the initial JavaScript, gzip bytes (measured 2026-12-06: 140.5 KiB, after the locale namespaces moved to
 * the pages that read them and the start-up modules into one chunk; bench/README.md "Cold start").
 */
export const INITIAL_JS_GZIP_BUDGET = 150 * 1024;

/** The JavaScript files an index.html loads initially: module entry scripts and modulepreload links, in order. */
export function initialScripts(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
    const isEntry = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
    const isPreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href');
    const url = isEntry ? attr('src') : isPreload ? attr('href') : undefined;
    if (url && !out.includes(url)) out.push(url);
  }
  return out;
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * Builds the app as `npm start` does, whatever NODE_ENV the caller runs under: Vite's define and the React
 * plugin's JSX runtime both follow process.env.NODE_ENV, so it is 'production' for the build's duration.
 */
export async function buildProduction(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const before = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts'), mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = before;
  }
}

/** Whether a built app is a development build (React's jsxDEV in its initial JavaScript). */
export function isDevelopmentBuild(distDir: string): boolean {
  return initialScripts(readFileSync(path.join(distDir, 'index.html'), 'utf8')).some((url) =>
    readFileSync(path.join(distDir, url.replace(/^\//, '')), 'utf8').includes('jsxDEV'),
  );
}

export interface InitialJs {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  bytes: number;
  gzipBytes: number;
  /** JavaScript files in the build that are not loaded initially (lazy chunks). */
  lazyFiles: number;
}

/** Sizes of the initial JavaScript of a built app (gzip at zlib's default level, as a server sends it). */
export function initialJs(distDir: string): InitialJs {
  const urls = initialScripts(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const files = urls.map((url) => {
    const body = readFileSync(path.join(distDir, url.replace(/^\//, '')));
    return { file: url, bytes: body.byteLength, gzipBytes: gzipSync(body).byteLength };
  });
  const allJs = readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  return {
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    lazyFiles: allJs.length - files.length,
  };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  let distDir = process.argv[2];
  let temp: string | undefined;
  if (!distDir) {
    temp = distDir = mkdtempSync(path.join(os.tmpdir(), 'td-bundle-'));
    await buildProduction(distDir);
  }
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir}/index.html: build the app first`);
  if (isDevelopmentBuild(distDir)) console.log(`${distDir} is a development build (React's jsxDEV): the budget is for a production build`);
  const sizes = initialJs(distDir);
  const kib = (n: number) => (n / 1024).toFixed(1);
  for (const f of [...sizes.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`${kib(f.gzipBytes).padStart(7)} KiB gzip ${kib(f.bytes).padStart(7)} KiB  ${f.file}`);
  console.log(`initial JavaScript: ${sizes.files.length} files, ${kib(sizes.bytes)} KiB, ${kib(sizes.gzipBytes)} KiB gzip (budget ${kib(INITIAL_JS_GZIP_BUDGET)} KiB); ${sizes.lazyFiles} lazy chunks not counted`);
  if (temp) rmSync(temp, { recursive: true, force: true });
}
