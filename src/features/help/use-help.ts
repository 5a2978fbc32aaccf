import { use, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { normaliseLanguage, type Language } from '../../lib/i18n/index.ts';
import { loadArticles, type Article, type HelpArticleId } from './articles.ts';

/** The page's language and its articles (suspends while the language's articles load: the page's loading state). */
export function useHelpArticles(): { lang: Language; articles: Article[] } {
  const { lang } = useParams();
  const language = normaliseLanguage(lang);
  return { lang: language, articles: use(loadArticles(language)) };
}

/** An article's title in the interface language (help.json `articles.<category>.<slug>`). */
export function useArticleTitle(): (id: HelpArticleId) => string {
  const { t } = useTranslation('help');
  // Stable while the language is, so the search index built from the titles is built once.
  return useCallback((id: HelpArticleId) => t(`articles.${id.replace('/', '.')}`), [t]);
}
