import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * spec §2's 120 s time-out and spec §8's named load error hold for a chunk only when it loads through
 * src/lib/chunks (lazyPage, lazyRoute, loadChunk). A bare React.lazy or router `lazy: () => import(…)` bypasses both
 * (the broker layout and the broker overview panel did).
 */
describe('every lazy chunk goes through src/lib/chunks', () => {
  it('no bare React.lazy and no router lazy straight to import()', () => {
    const bare = sources(src)
      .filter((file) => !file.startsWith(join(src, 'lib', 'chunks')))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /(?<![\w.])lazy\(\s*\(\)\s*=>/.test(text) || /\blazy:\s*\(\)\s*=>\s*import\(/.test(text) || /import\s*\{[^}]*\blazy\b[^}]*\}\s*from\s*'react'/.test(text);
      })
      .map((file) => relative(src, file));
    expect(bare).toEqual([]);
  });

  it('no bare dynamic import(): each is a page of a page map or goes through the loaders', () => {
    // Page maps (a feature's index.ts or pages.ts) hand their loaders to lazyPage (src/app/pages.ts); the help
    // articles' map to loadChunk (below); the retry loader is src/lib/chunks' own.
    const maps = new Set(['index.ts', 'pages.ts']);
    const bare = sources(src)
      .filter((file) => !file.startsWith(join(src, 'lib', 'chunks')) && !maps.has(file.split(/[\\/]/).pop()!) && !file.endsWith(join('help', 'articles.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => /(?<![\w.])import\(/.test(line) && !/typeof import\(/.test(line) && !/\b(loadChunk|lazyPage|lazyRoute|brokerLayoutRoute)\(/.test(line))
          .map((line) => `${relative(src, file)}: ${line.trim()}`),
      );
    expect(bare).toEqual([]);
  });

  it('the help article bundles load through loadChunk', () => {
    expect(readFileSync(join(src, 'features', 'help', 'articles.ts'), 'utf8')).toMatch(/loadChunk\(`help-/);
  });
});
