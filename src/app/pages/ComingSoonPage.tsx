import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { usePageKey } from '../page-context.ts';

/** An honest placeholder for the pages not built yet: it names the page and says it is not there yet. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const page = usePageKey();
  const { lang } = useParams();
  return (
    <div className="td-coming-soon" data-testid="coming-soon">
      <h1>{t(`pages.${page}`)}</h1>
      <p>
        <strong>{t('comingSoon.title')}</strong>
      </p>
      <p>{t('comingSoon.text')}</p>
      <Link to={`/${lang ?? 'zh-HK'}/home`}>{t('comingSoon.backHome')}</Link>
    </div>
  );
}
