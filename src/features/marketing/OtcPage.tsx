import './locale.ts';
import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatAmount, formatDateTime } from '../../lib/format/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { HelpLink } from '../help/shared.ts';
import { marketingApi, type DeskTerms } from './api.ts';
import { MarketingShell, Points, Steps } from './MarketingShell.tsx';
import { OtcQuoteBox } from './OtcQuoteBox.tsx';

const HKT_OFFSET_HOURS = 8;
const hour = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, '0')}:00`;

/**
 * spec §1 marketing page on OTC: the desk's terms as the sandbox states them now (minimum, hours Mon–Fri
 * 00:00–17:00 UTC, a result within 30 minutes, T+1 settlement, spread; spec §9), whether the desk is open, a
 * live indicative quote (the public block/getQuote), the two ways to trade and how to start.
 */
export default function OtcPage() {
  const { t } = useTranslation('marketing');
  const { lang } = useParams();
  const signedIn = useSession((s) => s.isLogin);
  const [terms, setTerms] = useState<DeskTerms | null>(null);
  useEffect(() => {
    let live = true;
    marketingApi.deskTerms().then(
      (reply) => live && setTerms(reply),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <MarketingShell page="otc">
      <div className="td-mk-split">
        <section className="td-mk-panel" aria-labelledby="otc-terms" data-testid="otc-terms">
          <h2 id="otc-terms">{t('otc.terms.title')}</h2>
          <dl className="td-mk-facts">
            <dt>{t('otc.terms.minimum')}</dt>
            <dd data-testid="otc-minimum">{terms ? t('otc.terms.minimumValue', { amount: formatAmount(terms.minUsd, 0) }) : '--'}</dd>
            <dt>{t('otc.terms.hours')}</dt>
            <dd data-testid="otc-hours">
              {terms
                ? t('otc.terms.hoursValue', {
                    open: hour(terms.hours.openUtcHour),
                    close: hour(terms.hours.closeUtcHour),
                    openHkt: hour(terms.hours.openUtcHour + HKT_OFFSET_HOURS),
                    closeHkt: hour(terms.hours.closeUtcHour + HKT_OFFSET_HOURS),
                  })
                : '--'}
            </dd>
            <dt>{t('otc.terms.result')}</dt>
            <dd data-testid="otc-result">{terms ? t('otc.terms.resultValue', { minutes: terms.resultMinutes }) : '--'}</dd>
            <dt>{t('otc.terms.settlement')}</dt>
            <dd data-testid="otc-settlement">{terms ? t('otc.terms.settlementValue', { days: terms.settlementDays }) : '--'}</dd>
            <dt>{t('otc.terms.spread')}</dt>
            <dd>{terms ? t('otc.terms.spreadValue', { value: new Decimal(terms.spread).times(100).toFixed(2) }) : '--'}</dd>
            <dt>{t('otc.terms.quoteTtl')}</dt>
            <dd>{terms ? t('otc.terms.quoteTtlValue', { seconds: terms.quoteTtlMs / 1000 }) : '--'}</dd>
          </dl>
          {terms ? (
            <p className={`td-mk-status ${terms.hours.open ? 'open' : 'closed'}`} data-testid="otc-desk-status" data-open={terms.hours.open}>
              {terms.hours.open
                ? t('otc.terms.openNow', { time: formatDateTime(terms.hours.nextCloseAt, { zone: true }) })
                : t('otc.terms.closedNow', { time: formatDateTime(terms.hours.nextOpenAt, { zone: true }) })}
            </p>
          ) : null}
        </section>
        <OtcQuoteBox minUsd={terms?.minUsd ?? null} />
      </div>
      <Points page="otc" keys={['instant', 'delegated', 'settlement', 'verification']} />
      <Steps page="otc" count={4} />
      <section className="td-mk-cta" aria-labelledby="otc-cta">
        <h2 id="otc-cta">{t('otc.cta.title')}</h2>
        <div className="td-mk-actions">
          {signedIn ? (
            <Link className="td-button td-button-primary" to={`/${lang}/otc/form`} data-testid="otc-cta-desk">
              {t('otc.cta.desk')}
            </Link>
          ) : (
            <>
              <Link className="td-button td-button-primary" to={`/${lang}/otc/form/unlogin`} data-testid="otc-cta-enquiry">
                {t('otc.cta.enquiry')}
              </Link>
              <Link className="td-button td-button-secondary" to={`/${lang}/register`}>
                {t('cta.register')}
              </Link>
            </>
          )}
        </div>
        <HelpLink article="convert/convert-or-otc" />
      </section>
    </MarketingShell>
  );
}
