import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isHelpCategory } from '../../../contract/help-rules.ts';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import { HelpSearchBox } from './HelpSearch.tsx';
import { HelpShell } from './HelpShell.tsx';
import { HelpNotFound } from './HelpNotFound.tsx';
import { useArticleTitle, useHelpArticles } from './use-help.ts';

/** One category of the help centre: its articles with their summaries. */
export default function HelpCategoryPage() {
  const { t } = useTranslation('help');
  const { category } = useParams();
  const { lang, articles } = useHelpArticles();
  const title = useArticleTitle();
  const known = isHelpCategory(category);
  usePageMeta(known ? t(`categories.${category}.title`) : t('notFound.title'), known ? t(`categories.${category}.description`) : t('meta.description'));
  if (!known) return <HelpNotFound lang={lang} />;
  const list = articles.filter((a) => a.category === category);
  return (
    <HelpShell search={<HelpSearchBox lang={lang} />} lang={lang} current={category} crumbs={[{ label: t('nav.home'), to: `/${lang}/help` }, { label: t(`categories.${category}.title`) }]}>
      <h1>{t(`categories.${category}.title`)}</h1>
      <p className="td-help-lead">{t(`categories.${category}.description`)}</p>
      <ul className="td-help-list" data-testid="help-category-articles">
        {list.map((article) => (
          <li key={article.id}>
            <Link to={`/${lang}/help/${article.id}`}>{title(article.id)}</Link>
            <p>{article.description}</p>
          </li>
        ))}
      </ul>
    </HelpShell>
  );
}
