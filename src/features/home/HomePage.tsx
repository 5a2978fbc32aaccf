import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import './HomePage.css';

// spec §1: marketing home pages describe OTC, liquidity, electricity payment and quant investing; each card
// leads to its page (about/<key>).
const SECTIONS = ['otc', 'liquidity', 'electricity', 'quant'] as const;

export default function HomePage() {
  const { t } = useTranslation('home');
  const { lang } = useParams();
  return (
    <div className="td-home">
      <section className="td-home-hero">
        <h1>{t('hero.title')}</h1>
        <p>{t('hero.subtitle')}</p>
        <div className="td-home-actions">
          <Link className="td-home-primary" to={`/${lang}/market`}>
            {t('hero.viewMarkets')}
          </Link>
          <Link className="td-home-secondary" to={`/${lang}/register`}>
            {t('hero.openAccount')}
          </Link>
        </div>
      </section>
      <section className="td-home-grid" aria-label={t('sectionsLabel')}>
        {SECTIONS.map((key) => (
          <article key={key} className="td-home-card">
            <h2>
              <Link to={`/${lang}/about/${key}`} data-testid={`home-about-${key}`}>
                {t(`sections.${key}.title`)}
              </Link>
            </h2>
            <p>{t(`sections.${key}.text`)}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
