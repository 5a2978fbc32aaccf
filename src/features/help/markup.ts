/**
 * The help articles' markup: a small, closed subset of Markdown parsed into a tree of plain data, which
 * Markup.tsx turns into React elements. Nothing in an article is ever interpreted as HTML: a `<script>` in
 * the text stays the text `<script>` (../shared/CONVENTIONS.md "i18n": translated strings render as text).
 *
 * Blocks: `## ` and `### ` headings, paragraphs (one line each), `- ` and `1. ` lists, `> ` notes and
 * `| a | b |` tables with a `|---|` line under their head. Inline: `**strong**`, `*emphasis*`, `` `code` ``
 * and `[text](target)` links, where the target is a path of the app under the language (`/help/…`,
 * `/account/safe`), an `https:` address or a `mailto:` address; anything else is shown as its text only.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: LinkTarget; children: Inline[] };

export type LinkTarget = { kind: 'app'; path: string } | { kind: 'external'; url: string };

export type Block =
  | { type: 'heading'; level: 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'note'; children: Inline[] }
  | { type: 'table'; head: Inline[][]; rows: Inline[][][] };

export interface Document {
  /** Front matter: `key: value` lines between two `---` lines at the top. */
  meta: Record<string, string>;
  blocks: Block[];
}

/** A path of the app below the language segment: letters, digits and - _ / . only, no `..`, no `//`. */
const APP_PATH = /^(?!.*\/\/)(?!.*\.\.)\/[A-Za-z0-9/_.-]*(\?[A-Za-z0-9=&_%.-]*)?$/;

export function linkTarget(raw: string): LinkTarget | null {
  const target = raw.trim();
  if (APP_PATH.test(target)) return { kind: 'app', path: target };
  if (/^(https:\/\/|mailto:)[^\s<>"]+$/i.test(target)) {
    try {
      const url = new URL(target);
      if (url.protocol === 'https:' || url.protocol === 'mailto:') return { kind: 'external', url: url.href };
    } catch {
      return null;
    }
  }
  return null;
}

/** Inline markup of one line. Unclosed markers are text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    if (rest.startsWith('**')) {
      const end = source.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    } else if (rest.startsWith('*')) {
      const end = source.indexOf('*', i + 1);
      if (end > i + 1 && source[i + 1] !== ' ') {
        flush();
        out.push({ type: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    } else if (rest.startsWith('`')) {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    } else if (rest.startsWith('[')) {
      const match = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
      if (match) {
        flush();
        const children = parseInline(match[1]!);
        const href = linkTarget(match[2]!);
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i += match[0].length;
        continue;
      }
    }
    text += source[i];
    i += 1;
  }
  flush();
  return out;
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

const isTableRule = (line: string) => /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(line.trim());

export function parseBlocks(body: string): Block[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed === '') {
      i += 1;
      continue;
    }
    const heading = /^(#{2,3})\s+(.+)$/.exec(trimmed);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length as 2 | 3, children: parseInline(heading[2]!) });
      i += 1;
      continue;
    }
    if (/^[-*]\s+/.test(trimmed) || /^\d+\.\s+/.test(trimmed)) {
      const ordered = /^\d+\.\s+/.test(trimmed);
      const marker = ordered ? /^\d+\.\s+/ : /^[-*]\s+/;
      const items: Inline[][] = [];
      while (i < lines.length && marker.test(lines[i]!.trim())) {
        items.push(parseInline(lines[i]!.trim().replace(marker, '')));
        i += 1;
      }
      blocks.push({ type: 'list', ordered, items });
      continue;
    }
    if (trimmed.startsWith('>')) {
      const parts: string[] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('>')) {
        parts.push(lines[i]!.trim().replace(/^>\s?/, ''));
        i += 1;
      }
      blocks.push({ type: 'note', children: parseInline(parts.join(' ')) });
      continue;
    }
    if (trimmed.startsWith('|') && i + 1 < lines.length && isTableRule(lines[i + 1]!)) {
      const head = splitRow(trimmed).map(parseInline);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) {
        const cells = splitRow(lines[i]!).map(parseInline);
        // Every row has the head's number of cells, so the table stays rectangular.
        rows.push(head.map((_, c) => cells[c] ?? []));
        i += 1;
      }
      blocks.push({ type: 'table', head, rows });
      continue;
    }
    blocks.push({ type: 'paragraph', children: parseInline(trimmed) });
    i += 1;
  }
  return blocks;
}

export function parseDocument(source: string): Document {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const meta: Record<string, string> = {};
  let body = text;
  const front = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (front) {
    for (const line of front[1]!.split('\n')) {
      const match = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
      if (match) meta[match[1]!] = match[2]!.trim();
    }
    body = text.slice(front[0].length);
  }
  return { meta, blocks: parseBlocks(body) };
}

/** The words of a tree, for the search index and the meta description. */
export function inlineText(nodes: readonly Inline[]): string {
  return nodes.map((node) => (node.type === 'text' || node.type === 'code' ? node.text : inlineText(node.children))).join('');
}

export function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'heading':
        case 'paragraph':
        case 'note':
          return inlineText(block.children);
        case 'list':
          return block.items.map(inlineText).join('\n');
        case 'table':
          return [block.head, ...block.rows].map((row) => row.map(inlineText).join(' ')).join('\n');
      }
    })
    .join('\n');
}
