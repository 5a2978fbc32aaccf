import './locale.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import './marketing.css';

export type MarketingKey = 'otc' | 'liquidity' | 'electricity' | 'quant' | 'brokers';

/** spec §1 marketing pages and the public brokers page, each with its path. */
export const MARKETING_PAGES: ReadonlyArray<readonly [MarketingKey, string]> = [
  ['otc', 'about/otc'],
  ['liquidity', 'about/liquidity'],
  ['electricity', 'about/electricity'],
  ['quant', 'about/quant'],
  ['brokers', 'brokers'],
];

/** A marketing page: the pages' own navigation, the title and lead, its translated document title and description. */
export function MarketingShell({ page, children }: { page: MarketingKey; children: ReactNode }) {
  const { t } = useTranslation('marketing');
  const { lang } = useParams();
  usePageMeta(t(`${page}.meta.title`), t(`${page}.meta.description`));
  return (
    <div className="td-mk" data-testid={`marketing-${page}`}>
      <nav className="td-mk-nav" aria-label={t('nav.label')}>
        {MARKETING_PAGES.map(([key, path]) => (
          <Link key={key} to={`/${lang}/${path}`} {...(key === page ? { 'aria-current': 'page' as const, className: 'active' } : {})}>
            {t(`nav.${key}`)}
          </Link>
        ))}
      </nav>
      <header className="td-mk-hero">
        <h1>{t(`${page}.title`)}</h1>
        <p>{t(`${page}.lead`)}</p>
      </header>
      {children}
    </div>
  );
}

/** Cards of what a page offers under a heading: `<page>.pointsTitle`, `<page>.points.<key>.title` and `.text`. */
export function Points({ page, keys }: { page: MarketingKey; keys: readonly string[] }) {
  const { t } = useTranslation('marketing');
  return (
    <section className="td-mk-section" aria-labelledby={`${page}-points`}>
      <h2 id={`${page}-points`}>{t(`${page}.pointsTitle`)}</h2>
      <div className="td-mk-cards">
        {keys.map((key) => (
          <article key={key} className="td-mk-card">
            <h3>{t(`${page}.points.${key}.title`)}</h3>
            <p>{t(`${page}.points.${key}.text`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

/** Numbered steps: `<page>.steps.<n>`. */
export function Steps({ page, count }: { page: MarketingKey; count: number }) {
  const { t } = useTranslation('marketing');
  return (
    <section className="td-mk-section" aria-labelledby={`${page}-steps`}>
      <h2 id={`${page}-steps`}>{t(`${page}.stepsTitle`)}</h2>
      <ol className="td-mk-steps">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>{t(`${page}.steps.${i + 1}`)}</li>
        ))}
      </ol>
    </section>
  );
}
