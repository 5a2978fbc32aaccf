import './locale.ts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { HelpLink } from '../help/shared.ts';
import { MarketingShell, Points } from './MarketingShell.tsx';

/** spec §1 marketing page on liquidity: where prices come from and what a customer sees before accepting one. */
export default function LiquidityPage() {
  const { t } = useTranslation('marketing');
  const { lang } = useParams();
  return (
    <MarketingShell page="liquidity">
      <Points page="liquidity" keys={['books', 'size', 'spread', 'fiat', 'data', 'venues']} />
      <section className="td-mk-section" aria-labelledby="liquidity-spreads">
        <h2 id="liquidity-spreads">{t('liquidity.table.title')}</h2>
        <div className="td-mk-table" role="region" aria-labelledby="liquidity-spreads" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('liquidity.table.service')}</th>
                <th scope="col">{t('liquidity.table.size')}</th>
                <th scope="col">{t('liquidity.table.spread')}</th>
                <th scope="col">{t('liquidity.table.fee')}</th>
                <th scope="col">{t('liquidity.table.settlement')}</th>
              </tr>
            </thead>
            <tbody>
              {(['convertCoin', 'convertFiat', 'otc'] as const).map((row) => (
                <tr key={row}>
                  <th scope="row">{t(`liquidity.table.rows.${row}.service`)}</th>
                  <td>{t(`liquidity.table.rows.${row}.size`)}</td>
                  <td>{t(`liquidity.table.rows.${row}.spread`)}</td>
                  <td>{t('liquidity.table.zero')}</td>
                  <td>{t(`liquidity.table.rows.${row}.settlement`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="td-mk-cta" aria-labelledby="liquidity-cta">
        <h2 id="liquidity-cta">{t('liquidity.cta.title')}</h2>
        <div className="td-mk-actions">
          <Link className="td-button td-button-primary" to={`/${lang}/market`}>
            {t('liquidity.cta.markets')}
          </Link>
          <Link className="td-button td-button-secondary" to={`/${lang}/nologin/convert/coin`}>
            {t('liquidity.cta.convert')}
          </Link>
          <Link className="td-button td-button-secondary" to={`/${lang}/about/otc`}>
            {t('liquidity.cta.otc')}
          </Link>
        </div>
        <HelpLink article="convert/what-is-convert" />
      </section>
    </MarketingShell>
  );
}
