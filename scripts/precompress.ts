import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Cold start (the initial JavaScript budget, bench/bundle-size.ts): the built app's text files are written once more as `.br` (brotli, best quality) and `.gz`
 * (gzip -9) beside the original, and the sandbox serves them to browsers that accept them (server/app.ts
 * `preCompressed`). Compressing once at build time costs nothing per request; a file smaller than `MIN_BYTES`
 * or one that does not shrink is left alone.
 */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
export const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside every compressible file under `dir`; returns the files it compressed. */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      done.push(...precompressDir(file));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length >= raw.length && gz.length >= raw.length) continue;
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    done.push(file);
  }
  return done;
}

/** The vite plugin: after a production build has written its files, pre-compress them. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'trading-desk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
