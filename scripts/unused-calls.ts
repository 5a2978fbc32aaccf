// Lists the calls defined in contract/ (and so served by the sandbox) that no file of src/ names: the calls the
// app never makes. `npx tsx scripts/unused-calls.ts` prints them one per line; README "Calls the app does not make"
// says why each stays API-only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCalls } from '../contract/api.ts';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    // src/lib/api/call-table.ts lists every GET and public path (the client's method and token table): naming a
    // path there is not calling it.
    if (path.endsWith(join('lib', 'api', 'call-table.ts'))) return [];
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The contract's paths that no app source names (as a string: '/x/y' or a template that ends with it). */
export function unusedCalls(): string[] {
  const text = sources(join(root, 'src')).map((file) => readFileSync(file, 'utf8')).join('\n');
  return Object.keys(apiCalls).filter((path) => !text.includes(`'${path}'`) && !text.includes(`${path}\``) && !text.includes(`"${path}"`)).sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const unused = unusedCalls();
  for (const path of unused) console.log(path);
  console.error(`${unused.length} of ${Object.keys(apiCalls).length} contract calls are not called from src/`);
}
