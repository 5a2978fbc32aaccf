import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import { HelpfulVote } from './HelpfulVote.tsx';
import { HelpNotFound } from './HelpNotFound.tsx';
import { HelpSearchBox } from './HelpSearch.tsx';
import { HelpShell } from './HelpShell.tsx';
import { Markup } from './Markup.tsx';
import { useArticleTitle, useHelpArticles } from './use-help.ts';

/** One help article: its body, "was this helpful?", related articles and the others of its category. */
export default function HelpArticlePage() {
  const { t } = useTranslation('help');
  const { category, article: slug } = useParams();
  const { lang, articles } = useHelpArticles();
  const title = useArticleTitle();
  const article = articles.find((a) => a.id === `${category}/${slug}`) ?? null;
  usePageMeta(article ? title(article.id) : t('notFound.title'), article ? article.description : t('meta.description'));
  if (!article) return <HelpNotFound lang={lang} />;
  const siblings = articles.filter((a) => a.category === article.category && a.id !== article.id);
  return (
    <HelpShell
      search={<HelpSearchBox lang={lang} />}
      lang={lang}
      current={article.category}
      crumbs={[
        { label: t('nav.home'), to: `/${lang}/help` },
        { label: t(`categories.${article.category}.title`), to: `/${lang}/help/${article.category}` },
        { label: title(article.id) },
      ]}
    >
      <article className="td-help-article" data-testid="help-article" data-article={article.id}>
        <h1>{title(article.id)}</h1>
        <p className="td-help-lead">{article.description}</p>
        <Markup blocks={article.blocks} lang={lang} />
      </article>
      <HelpfulVote key={article.id} articleId={article.id} />
      {article.related.length > 0 ? (
        <section className="td-help-related" aria-labelledby="help-related">
          <h2 id="help-related">{t('article.related')}</h2>
          <ul data-testid="help-related">
            {article.related.map((id) => (
              <li key={id}>
                <Link to={`/${lang}/help/${id}`}>{title(id)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {siblings.length > 0 ? (
        <section className="td-help-related" aria-labelledby="help-siblings">
          <h2 id="help-siblings">{t('article.inCategory', { category: t(`categories.${article.category}.title`) })}</h2>
          <ul>
            {siblings.map((a) => (
              <li key={a.id}>
                <Link to={`/${lang}/help/${a.id}`}>{title(a.id)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </HelpShell>
  );
}
