import './locale.ts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { MarketingShell, Points, Steps } from './MarketingShell.tsx';

/** spec §1 marketing page on quant investing: the broker and asset-management tools a strategy runs on. */
export default function QuantPage() {
  const { t } = useTranslation('marketing');
  const { lang } = useParams();
  return (
    <MarketingShell page="quant">
      <Points page="quant" keys={['subAccounts', 'api', 'execution', 'portfolio', 'reporting', 'funds']} />
      <Steps page="quant" count={4} />
      <section className="td-mk-cta" aria-labelledby="quant-cta">
        <h2 id="quant-cta">{t('quant.cta.title')}</h2>
        <div className="td-mk-actions">
          <Link className="td-button td-button-primary" to={`/${lang}/brokers`}>
            {t('quant.cta.brokers')}
          </Link>
          <Link className="td-button td-button-secondary" to={`/${lang}/lightning`}>
            {t('quant.cta.lightning')}
          </Link>
        </div>
      </section>
    </MarketingShell>
  );
}
