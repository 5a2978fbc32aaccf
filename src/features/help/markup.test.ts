import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { linkTarget, parseDocument, parseInline } from './markup.ts';
import { Markup } from './Markup.tsx';

const render = (source: string, lang = 'en-US') =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Markup, { blocks: parseDocument(source).blocks, lang })));

describe('help article markup', () => {
  it('reads the front matter and the blocks', () => {
    const doc = parseDocument('---\ndescription: How to withdraw\nrelated: withdraw/fees-and-limits, security/google-authenticator\n---\n## Steps\n\n1. One\n2. **Two**\n\n- a\n- b\n\n> Careful\n\n| Coin | Fee |\n|---|---|\n| BTC | 0.0002 |\n\nText with `code`.');
    expect(doc.meta).toEqual({ description: 'How to withdraw', related: 'withdraw/fees-and-limits, security/google-authenticator' });
    expect(doc.blocks.map((b) => b.type)).toEqual(['heading', 'list', 'list', 'note', 'table', 'paragraph']);
    expect(doc.blocks[1]).toMatchObject({ type: 'list', ordered: true });
    expect(doc.blocks[4]).toMatchObject({ type: 'table', rows: [[[{ type: 'text', text: 'BTC' }], [{ type: 'text', text: '0.0002' }]]] });
  });

  it('renders headings, lists, notes, tables, emphasis and code as elements', () => {
    const html = render('## Title\n\n- **bold** and *em*\n\n> note\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nSee `TD1234`.');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<li><strong>bold</strong> and <em>em</em></li>');
    expect(html).toContain('<aside class="td-help-note">note</aside>');
    expect(html).toContain('<th scope="col">A</th>');
    expect(html).toContain('<th scope="row">1</th><td>2</td>');
    expect(html).toContain('<code>TD1234</code>');
  });

  it('shows HTML in the content as text, never as markup', () => {
    const html = render('<script>alert(1)</script>\n\n## <img src=x onerror=alert(1)>\n\n- <b>bold?</b>\n\n| <i>x</i> | y |\n|---|---|\n| <a href="javascript:alert(1)">z</a> | w |');
    expect(html).not.toMatch(/<script|<img|<b>|<i>|<a href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;bold?&lt;/b&gt;');
  });

  it('links only to app paths under the language, https and mailto; other targets stay text', () => {
    const html = render('[Safe](/account/safe) [Docs](https://example.com/a) [Mail](mailto:support@example.com) [Bad](javascript:alert(1)) [Data](data:text/html,x) [Up](/../etc) [Proto](//evil.example)', 'zh-HK');
    expect(html).toMatch(/<a href="\/zh-HK\/account\/safe"[^>]*>Safe<\/a>/);
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">Docs</a>');
    expect(html).toContain('href="mailto:support@example.com"');
    expect(html).not.toMatch(/javascript:|data:text|href="[^"]*\.\.|href="\/\/|evil/);
    expect(html).toContain('Bad');
    expect(linkTarget('/help/withdraw/fees-and-limits')).toEqual({ kind: 'app', path: '/help/withdraw/fees-and-limits' });
    expect(linkTarget('JavaScript:alert(1)')).toBeNull();
    expect(linkTarget('//evil.example')).toBeNull();
    expect(linkTarget('/help//x')).toBeNull();
  });

  it('leaves unclosed markers as text', () => {
    expect(parseInline('2 * 3 = 6, **open and `tick')).toEqual([{ type: 'text', text: '2 * 3 = 6, **open and `tick' }]);
  });
});
