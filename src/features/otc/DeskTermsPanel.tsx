import { useTranslation } from 'react-i18next';
import { OTC_TERMS } from '../../../contract/otc-rules.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { amountText } from '../convert/shared.ts';
import { hourText, utcText, weekdaysText } from './desk-hours.ts';
import { opensText } from './errors.ts';
import type { DeskTerms } from './use-desk-terms.ts';

/** The desk open or closed now, and when that changes (in the person's zone and in UTC). */
export function DeskState({ terms }: { terms: DeskTerms }) {
  const { t } = useTranslation('otc');
  const hours = terms.config?.hours;
  if (!hours) return <span data-testid="otc-desk-state">{t('terms.loading')}</span>;
  return (
    <span className={`td-otc-desk td-otc-desk-${hours.open ? 'open' : 'closed'}`} data-testid="otc-desk-state" data-open={hours.open} data-next-open={hours.nextOpenAt}>
      {hours.open
        ? t('terms.openUntil', { local: formatDateTime(hours.nextCloseAt, { zone: true }), utc: utcText(hours.nextCloseAt) })
        : opensText(t, t('terms.closed'), hours.nextOpenAt)}
    </span>
  );
}

/**
 * The desk's published terms (spec §9), where a person decides: the 200,000 USD minimum, the hours with the desk
 * open or closed now, the 30-minute result, T+1 settlement, the quote's life and, signed in, the person's quote
 * limit above which the operations manager decides.
 */
export function DeskTermsPanel({ terms }: { terms: DeskTerms }) {
  const { t } = useTranslation('otc');
  const config = terms.config;
  const days = config?.hours.days ?? OTC_TERMS.days;
  return (
    <section className="td-convert-panel td-otc-terms" aria-labelledby="otc-terms-title" data-testid="otc-terms">
      <h2 id="otc-terms-title">{t('terms.title')}</h2>
      <dl className="td-wallet-facts">
        <dt>{t('terms.minimum')}</dt>
        <dd data-testid="otc-terms-minimum">{t('terms.minimumValue', { value: amountText(config?.minUsd ?? OTC_TERMS.minUsd) })}</dd>
        <dt>{t('terms.hours')}</dt>
        <dd data-testid="otc-terms-hours">
          {t('terms.hoursValue', {
            days: weekdaysText(days, t('terms.weekdays').split(',')),
            open: hourText(config?.hours.openUtcHour ?? OTC_TERMS.openUtcHour),
            close: hourText(config?.hours.closeUtcHour ?? OTC_TERMS.closeUtcHour),
          })}
        </dd>
        <dt>{t('terms.now')}</dt>
        <dd>
          <DeskState terms={terms} />
        </dd>
        <dt>{t('terms.result')}</dt>
        <dd>{t('terms.resultValue', { minutes: config?.resultMinutes ?? OTC_TERMS.resultMinutes })}</dd>
        <dt>{t('terms.settlement')}</dt>
        <dd>{t('terms.settlementValue', { days: config?.settlementDays ?? OTC_TERMS.settlementDays })}</dd>
        <dt>{t('terms.quoteLife')}</dt>
        <dd>{t('terms.quoteLifeValue', { seconds: (config?.quoteTtlMs ?? OTC_TERMS.quoteTtlMs) / 1000 })}</dd>
        {terms.user ? (
          <>
            <dt>{t('terms.quoteLimit')}</dt>
            <dd data-testid="otc-terms-limit">{t('terms.quoteLimitValue', { value: amountText(terms.user.quoteLimitUsd) })}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
