import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import './not-found.css';

/**
 * An address no route has (spec §2 sends unknown paths home; a silent redirect hid the mistyped or stale link, so
 * the person is told and given the way on instead): its own document title, one h1 that takes the focus, the
 * address that was asked for, and links home, to the markets and to the help centre.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { lang = 'zh-HK' } = useParams();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageMeta(t('notFound.title'), null);
  useEffect(() => heading.current?.focus(), [location.pathname]);
  return (
    <section className="td-not-found" data-testid="not-found">
      <h1 ref={heading} tabIndex={-1}>
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.text')}</p>
      <p className="td-not-found__path" data-testid="not-found-path">
        {location.pathname}
      </p>
      <ul className="td-not-found__ways">
        <li>
          <Link to={`/${lang}/home`} data-testid="not-found-home">
            {t('notFound.home')}
          </Link>
        </li>
        <li>
          <Link to={`/${lang}/market`}>{t('notFound.market')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/help`}>{t('notFound.help')}</Link>
        </li>
      </ul>
    </section>
  );
}
