import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The call list of the customer's spec (§7 "The calls the product makes"), read from the spec itself
 * (/work/shared/spec/platform-spec.md, `../shared/spec/platform-spec.md` from the repository's parent), so a call the
 * spec adds and the contract lacks fails tests/api/spec-calls.test.ts.
 *
 * How a bullet of §7 reads: an optional label (`Leverage:`), an optional method (`GET`; §7 "Unless noted, calls are POST"),
 * then paths separated by commas, each with an optional note in parentheses (`(no token)`). A path after the first
 * without a leading prefix is relative to the first one's folder: `/account/block/submitWithdrawRecord,
 * validateTransaction, fiat/pageTransaction` gives `/account/block/validateTransaction` and
 * `/account/block/fiat/pageTransaction`; `/broker/lightning/trader/register, trader/query` gives
 * `/broker/lightning/trader/query` (a first folder that the prefix already ends in is that folder), and `/accounts`
 * after `fundTransfer/accountActions` is `fundTransfer/accounts`. Under "Broker calls (POST, JSON, under /broker unless
 * noted)" paths are relative to `/broker/` and the method comes from the `GET:` / `POST:` line above them. Bullets
 * that are prose (no list of names) are skipped; "External exchange market data" names the exchanges' calls, not
 * the provider's.
 */
export interface SpecCall {
  path: string;
  method: 'GET' | 'POST';
  /** `(no token)` or `(public)` beside the path. */
  noToken: boolean;
  /** Download (a file, not an envelope): `(download…)`. */
  download: boolean;
  /** The bullet as the spec writes it. */
  line: string;
}

/** A bullet that names calls without their paths (kept so the test can check each is documented). */
export interface NamelessLine {
  section: string;
  line: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The spec lives beside the repository (../shared/spec); the worktrees under /work/wt reach it as /work/shared. */
export function specPath(): string {
  const candidates = [path.resolve(here, '../../../shared/spec/platform-spec.md'), '/work/shared/spec/platform-spec.md'];
  for (const c of candidates) {
    try {
      readFileSync(c);
      return c;
    } catch {
      // next
    }
  }
  throw new Error(`spec not found in ${candidates.join(', ')}`);
}

const NAME = /^\/{0,2}[A-Za-z][A-Za-z0-9]*(\/{1,2}[A-Za-z][A-Za-z0-9]*)*$/;
const SKIPPED_SECTIONS = new Set(['External exchange market data', 'Downloads']);

/** `prefixDir` ends in '/'; `item` is relative (maybe with a leading '/', or folders of its own). */
export function expand(prefixDir: string, item: string): string {
  const rel = item.replace(/^\/+/, '');
  const dir = prefixDir.split('/').filter(Boolean);
  const first = rel.split('/')[0]!;
  const at = rel.includes('/') ? dir.lastIndexOf(first) : -1;
  const base = at >= 0 ? dir.slice(0, at) : dir;
  return `/${[...base, rel].join('/')}`;
}

function folderOf(p: string): string {
  return p.slice(0, p.lastIndexOf('/') + 1);
}

/** The bullet without its label (`Leverage:`) and method. */
function unlabelledBullet(bullet: string): string {
  return bullet.replace(/^[A-Z][a-z]+( [a-z]+)*:\s*/, '').replace(/^(GET|POST)\s+/, '');
}

/** Splits at commas outside parentheses ("exportBrokerFinancingAction (download, query params, …)" is one item). */
function splitOutsideParentheses(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((s) => s.trim());
}

export function parseSpecCalls(text: string): { calls: SpecCall[]; nameless: NamelessLine[] } {
  const start = text.indexOf('## 7.');
  const end = text.indexOf('\n## 8.', start);
  if (start < 0 || end < 0) throw new Error('spec §7 not found');
  const calls: SpecCall[] = [];
  const nameless: NamelessLine[] = [];
  let section = '';
  let broker = false;
  let brokerMethod: 'GET' | 'POST' = 'POST';
  for (const raw of text.slice(start, end).split('\n')) {
    const line = raw.trim();
    if (line.startsWith('### ')) {
      section = line.slice(4).replace(/\s*\(.*\)\s*$/, '');
      broker = /under \/broker/.test(line);
      brokerMethod = 'POST';
      continue;
    }
    if (broker && /^(GET|POST):$/.test(line)) {
      brokerMethod = line.slice(0, -1) as 'GET' | 'POST';
      continue;
    }
    if (!line.startsWith('- ') || SKIPPED_SECTIONS.has(section)) continue;
    const bullet = line.slice(2);
    // The notes in parentheses, then what follows a full stop ("They send baseCurrency…"), are not names.
    const notes = [...bullet.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!);
    const bare = bullet.replace(/\s*\([^)]*\)/g, '').replace(/\.(\s.*)?$/, '');
    const unlabelled = bare.replace(/^[A-Z][a-z]+( [a-z]+)*:\s*/, '');
    const methodMatch = /^(GET|POST)\s+/.exec(unlabelled);
    const list = methodMatch ? unlabelled.slice(methodMatch[0].length) : unlabelled;
    const items = list.split(',').map((s) => s.trim());
    if (!items.every((s) => NAME.test(s))) continue; // prose
    const method = broker ? brokerMethod : ((methodMatch?.[1] as 'GET' | 'POST' | undefined) ?? 'POST');
    const noToken = notes.some((n) => /no token|public/.test(n));
    const download = notes.some((n) => /download/.test(n));
    const first = items[0]!;
    if (!first.startsWith('/') && !broker) {
      nameless.push({ section, line: bullet });
      continue;
    }
    const firstPath = first.startsWith('/') ? first : `/broker/${first}`;
    // Per-item notes: "profitAccrual/accrualFund (query), profitAccrual/accounts (query)" and
    // "listAllExchangeConfig (no body), asset/listAll (no body)" take the note of their own item.
    const itemNotes = splitOutsideParentheses(unlabelledBullet(bullet)).map((s) => /\(([^)]*)\)/.exec(s)?.[1] ?? '');
    items.forEach((item, i) => {
      const p = i === 0 ? firstPath : expand(folderOf(firstPath), item);
      const note = itemNotes[i] ?? '';
      calls.push({
        path: p,
        method,
        noToken: /no token|public/.test(note) || (items.length === 1 && noToken),
        download: /download/.test(note) || (items.length === 1 && download),
        line: bullet,
      });
    });
  }
  return { calls, nameless };
}

export function readSpecCalls(): ReturnType<typeof parseSpecCalls> {
  return parseSpecCalls(readFileSync(specPath(), 'utf8'));
}
