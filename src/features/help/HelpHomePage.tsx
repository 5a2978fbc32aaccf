import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import { HELP_ARTICLE_IDS, HELP_CATEGORIES } from './articles.ts';
import { HelpResults, HelpSearchBox, useSearchQuery } from './HelpSearch.tsx';
import { HelpShell } from './HelpShell.tsx';
import { useArticleTitle, useHelpArticles } from './use-help.ts';

/** spec §1 help centre: the search, and the categories (convert, withdraw, recharge, security) with their articles; `?q=` shows the results. */
export default function HelpHomePage() {
  const { t } = useTranslation('help');
  const { lang, articles } = useHelpArticles();
  const title = useArticleTitle();
  const search = useSearchQuery();
  // The results follow the typing without holding up the input.
  const query = useDeferredValue(search.query).trim();
  usePageMeta(query ? t('search.metaTitle', { query }) : t('meta.title'), t('meta.description'));
  return (
    <HelpShell lang={lang} crumbs={[{ label: t('nav.home') }]}>
      <h1>{t('title')}</h1>
      <p className="td-help-lead">{t('intro')}</p>
      <HelpSearchBox lang={lang} value={search.query} onChange={search.setQuery} onSubmit={search.commit} />
      {query ? <HelpResults lang={lang} query={query} articles={articles} /> : null}
      <div className="td-help-cards" data-testid="help-categories" hidden={query !== ''}>
        {HELP_CATEGORIES.map((category) => (
          <section key={category} className="td-help-card" aria-labelledby={`help-category-${category}`}>
            <h2 id={`help-category-${category}`}>
              <Link to={`/${lang}/help/${category}`}>{t(`categories.${category}.title`)}</Link>
            </h2>
            <p>{t(`categories.${category}.description`)}</p>
            <ul>
              {HELP_ARTICLE_IDS.filter((id) => id.startsWith(`${category}/`)).map((id) => (
                <li key={id}>
                  <Link to={`/${lang}/help/${id}`}>{title(id)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </HelpShell>
  );
}
