import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form/index.ts';
import { HelpLink } from '../help/shared.ts';
import { percentText } from './convert-form.ts';
import { amountText, priceText } from './format.ts';
import { Countdown } from './QuoteFacts.tsx';
import type { QuoteFlow } from './use-quote-flow.ts';

// i18n namespaces: convert, otc

/**
 * The confirm step: the firm quote's two amounts, its price both ways, the spread (and the market price it
 * comes off), the desk's own facts (`children`: convert's zero fee, the OTC desk's USD value and settlement)
 * and the time left. Once it no longer binds it says so and offers a new quote; the new one is shown here
 * again to be confirmed, never filled in its place.
 */
export function QuoteConfirm({ flow, children }: { flow: QuoteFlow; children?: ReactNode }) {
  const { ns } = flow;
  const { t } = useTranslation(ns);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = flow.step.name === 'confirm' ? flow.step : null;
  const quoteId = step?.quote.quoteId;
  // Keyboard and screen-reader users land on the quote they are asked to confirm (each new quote).
  useEffect(() => heading.current?.focus(), [quoteId]);
  if (!step) return null;
  const { quote } = step;
  const expiredText = step.refused === 'used' ? t('confirm.used') : t('confirm.expired');
  return (
    <section className="td-convert-panel" aria-labelledby={`${ns}-confirm-title`} data-testid={`${ns}-confirm`} data-state={flow.expired ? 'expired' : 'open'} data-quote={quote.quoteId}>
      <h2 id={`${ns}-confirm-title`} ref={heading} tabIndex={-1}>
        {t('confirm.title')}
      </h2>
      <dl className="td-wallet-facts">
        <dt>{t('confirm.pay')}</dt>
        <dd data-testid="confirm-from" data-amount={quote.fromAmount}>
          {t('units.amount', { value: amountText(quote.fromAmount), asset: quote.fromAsset })}
        </dd>
        <dt>{t('confirm.receive')}</dt>
        <dd data-testid="confirm-to" data-amount={quote.toAmount}>
          {t('units.amount', { value: amountText(quote.toAmount), asset: quote.toAsset })}
        </dd>
        <dt>{t('quote.price')}</dt>
        <dd data-testid="confirm-price">{t('quote.rate', { from: quote.fromAsset, to: quote.toAsset, price: priceText(quote.price) })}</dd>
        <dt>{t('quote.inversePrice')}</dt>
        <dd data-testid="confirm-inverse">{t('quote.rate', { from: quote.toAsset, to: quote.fromAsset, price: priceText(quote.inversePrice) })}</dd>
        <dt>{t('quote.spread')}</dt>
        <dd data-testid="confirm-spread">
          {t('confirm.spreadValue', { value: percentText(quote.spread), market: t('quote.rate', { from: quote.fromAsset, to: quote.toAsset, price: priceText(quote.marketPrice) }) })}
        </dd>
        {children}
      </dl>
      <p className="td-convert-quote-state" data-state={flow.expired ? 'expired' : 'firm'}>
        <Countdown ns={ns} seconds={flow.secondsLeft} expired={flow.expired} />
      </p>
      {flow.expired && !flow.message ? (
        <p className="td-notice td-notice-warning" role="status" data-testid={`${ns}-expired`}>
          {expiredText}
        </p>
      ) : null}
      <FormMessage text={flow.message} helpLink={flow.help ? <HelpLink article={flow.help} variant="error" /> : null} />
      <div className="td-convert-actions">
        {flow.expired ? (
          <button type="button" className="td-button td-button-primary" disabled={flow.submitting} onClick={flow.requestQuote} data-testid={`${ns}-requote`}>
            {flow.submitting ? t('actions.processing') : t('actions.requote')}
          </button>
        ) : (
          <button type="button" className="td-button td-button-primary" disabled={flow.submitting} onClick={flow.confirm} data-testid={`${ns}-confirm-submit`}>
            {flow.submitting ? t('actions.processing') : t('actions.confirm')}
          </button>
        )}
        <button
          type="button"
          className="td-button td-button-secondary"
          onClick={() => {
            flow.back();
            // Back on the form, focus lands where the person asks for a quote again.
            setTimeout(() => document.getElementById(`${ns}-get-quote`)?.focus(), 0);
          }}
          data-testid={`${ns}-back`}
        >
          {t('actions.back')}
        </button>
      </div>
    </section>
  );
}
