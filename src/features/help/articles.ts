import { HELP_ARTICLE_IDS, HELP_ARTICLES, HELP_CATEGORIES, isHelpArticleId, type HelpArticleId, type HelpCategory } from '../../../contract/help-rules.ts';
import { loadChunk } from '../../lib/chunks/index.ts';
import { config } from '../../lib/config/index.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/index.ts';
import { blocksText, parseDocument, type Block } from './markup.ts';

export { HELP_ARTICLE_IDS, HELP_ARTICLES, HELP_CATEGORIES, type HelpArticleId, type HelpCategory };

/** One help article in one language: its front matter, its body and the body's words (for search). */
export interface Article {
  id: HelpArticleId;
  category: HelpCategory;
  slug: string;
  description: string;
  keywords: string[];
  related: HelpArticleId[];
  blocks: Block[];
  text: string;
}

type Sources = Record<string, string>;

// One chunk per language (articles/<language>.ts): a reader downloads the articles of the language they read.
const bundles: Record<Language, () => Promise<{ default: Sources }>> = {
  'zh-HK': () => import('./articles/zh-HK.ts'),
  'en-US': () => import('./articles/en-US.ts'),
};

const list = (value: string | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** The articles of a language from their source files, in the order of contract/help-rules.ts. */
export function parseArticles(sources: Sources): Article[] {
  const byId = new Map<string, string>();
  for (const [file, text] of Object.entries(sources)) {
    const match = /([a-z]+)\/([a-z0-9-]+)\.md$/.exec(file);
    if (match) byId.set(`${match[1]}/${match[2]}`, text);
  }
  return HELP_ARTICLE_IDS.flatMap((id) => {
    const source = byId.get(id);
    if (source === undefined) return [];
    const { meta, blocks } = parseDocument(source);
    const [category, slug] = id.split('/') as [HelpCategory, string];
    return [
      {
        id,
        category,
        slug,
        description: meta['description'] ?? '',
        keywords: list(meta['keywords']),
        related: list(meta['related']).filter(isHelpArticleId),
        blocks,
        text: blocksText(blocks),
      },
    ];
  });
}

const cache = new Map<Language, Promise<Article[]>>();

/** The articles of a language, loaded once; the same promise each time (React's `use` reads it). */
export function loadArticles(language: Language): Promise<Article[]> {
  let promise = cache.get(language);
  if (!promise) {
    // Through the app's chunk loader: the 120 s time-out and the error naming the bundle (spec §2, §8).
    const bundle = bundles[language] ? language : DEFAULT_LANGUAGE;
    promise = loadChunk(`help-${bundle}`, bundles[bundle], config.chunkTimeoutMs).then((module) => parseArticles(module.default));
    // A failed load is tried again next time rather than remembered.
    promise.catch(() => cache.delete(language));
    cache.set(language, promise);
  }
  return promise;
}
