import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Block, Inline } from './markup.ts';

/**
 * Renders a parsed article (markup.ts) as React elements: every piece of text is a text node, so markup in
 * the content shows as written and never reaches the DOM as HTML. App links stay under the page's language.
 */
export function Markup({ blocks, lang }: { blocks: readonly Block[]; lang: string }) {
  return <>{blocks.map((block, index) => renderBlock(block, lang, index))}</>;
}

function renderBlock(block: Block, lang: string, key: number): ReactNode {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? <h2 key={key}>{inline(block.children, lang)}</h2> : <h3 key={key}>{inline(block.children, lang)}</h3>;
    case 'paragraph':
      return <p key={key}>{inline(block.children, lang)}</p>;
    case 'note':
      return (
        <aside key={key} className="td-help-note">
          {inline(block.children, lang)}
        </aside>
      );
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{inline(item, lang)}</li>);
      return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'table':
      return (
        <div key={key} className="td-help-table" tabIndex={0} role="region" aria-label={block.head.map((cell) => plain(cell)).join(' · ')}>
          <table>
            <thead>
              <tr>
                {block.head.map((cell, i) => (
                  <th key={i} scope="col">
                    {inline(cell, lang)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {inline(cell, lang)}
                      </th>
                    ) : (
                      <td key={c}>{inline(cell, lang)}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

function plain(nodes: readonly Inline[]): string {
  return nodes.map((node) => (node.type === 'text' || node.type === 'code' ? node.text : plain(node.children))).join('');
}

function inline(nodes: readonly Inline[], lang: string): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={key}>{inline(node.children, lang)}</strong>;
      case 'em':
        return <em key={key}>{inline(node.children, lang)}</em>;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'link':
        return node.href.kind === 'app' ? (
          <Link key={key} to={`/${lang}${node.href.path}`}>
            {inline(node.children, lang)}
          </Link>
        ) : (
          <a key={key} href={node.href.url} rel="noopener noreferrer" target="_blank">
            {inline(node.children, lang)}
          </a>
        );
    }
  });
}
