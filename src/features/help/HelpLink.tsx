import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { HelpArticleId } from '../../../contract/help-rules.ts';

/**
 * A link to a help article from another screen: `context` beside a form ("Help: How to withdraw crypto"),
 * `error` after a refusal that an article explains ("Learn more: Address book and whitelist").
 */
export function HelpLink({ article, variant = 'context' }: { article: HelpArticleId; variant?: 'context' | 'error' }) {
  const { t } = useTranslation('help');
  const { lang } = useParams();
  const title = t(`articles.${article.replace('/', '.')}`);
  return (
    <Link className={`td-help-link td-help-link-${variant}`} to={`/${lang}/help/${article}`} data-testid={`help-link-${variant}`} data-article={article}>
      {t(variant === 'context' ? 'link.context' : 'link.error', { title })}
    </Link>
  );
}
