import './locale.ts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { HelpLink } from '../help/shared.ts';
import { ElectricityCalculator } from './ElectricityCalculator.tsx';
import { MarketingShell, Points, Steps } from './MarketingShell.tsx';

/** spec §1 marketing page on electricity payment for miners, with the cost calculator. */
export default function ElectricityPage() {
  const { t } = useTranslation('marketing');
  const { lang } = useParams();
  return (
    <MarketingShell page="electricity">
      <ElectricityCalculator />
      <Points page="electricity" keys={['convert', 'fiat', 'records', 'security']} />
      <Steps page="electricity" count={4} />
      <section className="td-mk-cta" aria-labelledby="electricity-cta">
        <h2 id="electricity-cta">{t('electricity.cta.title')}</h2>
        <div className="td-mk-actions">
          <Link className="td-button td-button-primary" to={`/${lang}/nologin/convert/fiat`}>
            {t('electricity.cta.convert')}
          </Link>
          <Link className="td-button td-button-secondary" to={`/${lang}/register`}>
            {t('cta.register')}
          </Link>
        </div>
        <HelpLink article="withdraw/fiat-withdrawal" />
      </section>
    </MarketingShell>
  );
}
