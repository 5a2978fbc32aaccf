import { useTranslation } from 'react-i18next';
import { Link, useParams, useRouteError } from 'react-router-dom';
import { ChunkLoadError, ChunkRouteError } from '../../lib/chunks/index.ts';
import { isLanguage } from '../../lib/i18n/index.ts';

/**
 * A route's `errorElement`: a chunk that failed or timed out is named with its retry (spec §8 the load error naming
 * the chunk); any other error of a page is said in the interface language with the way on (a reload, the home
 * page; a navigation clears the route's error), instead of the router's untranslated default screen.
 */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof ChunkLoadError) return <ChunkRouteError error={error} />;
  return <PageError />;
}

function PageError() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const home = `/${isLanguage(lang) ? lang : 'zh-HK'}/home`;
  return (
    <section className="td-chunk-error" role="alert" data-testid="route-error">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.text')}</p>
      <p>
        <Link to={home} data-testid="route-error-home">
          {t('routeError.home')}
        </Link>
      </p>
      <button type="button" onClick={() => window.location.reload()} data-testid="route-error-reload">
        {t('routeError.reload')}
      </button>
    </section>
  );
}
