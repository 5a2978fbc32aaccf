import type { Article } from './articles.ts';
import { SearchIndex } from './search.ts';

/** The fields of an article the search reads, and how much a word counts in each. */
export function helpIndex(articles: readonly Article[], titleOf: (article: Article) => string): SearchIndex {
  return new SearchIndex(
    articles.map((article) => ({
      id: article.id,
      fields: [
        [titleOf(article), 6],
        [article.keywords.join(' , '), 3],
        [article.description, 2],
        [article.text, 1],
      ],
    })),
  );
}
