import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HelpSearchBox } from './HelpSearch.tsx';
import { HelpShell } from './HelpShell.tsx';

/** An unknown category or article: say so and lead back to the help centre. */
export function HelpNotFound({ lang }: { lang: string }) {
  const { t } = useTranslation('help');
  return (
    <HelpShell search={<HelpSearchBox lang={lang} />} lang={lang} crumbs={[{ label: t('nav.home'), to: `/${lang}/help` }, { label: t('notFound.title') }]}>
      <h1>{t('notFound.title')}</h1>
      <p data-testid="help-not-found">{t('notFound.text')}</p>
      <Link to={`/${lang}/help`}>{t('notFound.back')}</Link>
    </HelpShell>
  );
}
