import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { QuoteNs } from './convert-form.ts';

// i18n namespaces: convert, otc

/**
 * The order a quote made (convert's filled one, the OTC desk's accepted one): its title, focused for keyboard and
 * screen-reader users when a new order arrives (`focusKey`), that it is done, the desk's own account of it, where
 * to follow it (`next`, a path below the language) and a new quote.
 */
export function ResultPanel({
  ns,
  focusKey,
  next,
  onAgain,
  children,
}: {
  ns: QuoteNs;
  focusKey: string;
  next: { path: string; text: string; testId: string };
  onAgain: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const { lang } = useParams();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [focusKey]);
  return (
    <section className="td-convert-panel" aria-labelledby={`${ns}-result-title`} data-testid={`${ns}-result`} data-order={focusKey}>
      <h2 id={`${ns}-result-title`} ref={heading} tabIndex={-1}>
        {t('result.title')}
      </h2>
      <p className="td-form-message td-form-message-success" role="status">
        {t('result.done')}
      </p>
      {children}
      <div className="td-convert-actions">
        <Link className="td-button td-button-secondary" to={`/${lang}/${next.path}`} data-testid={next.testId}>
          {next.text}
        </Link>
        <button type="button" className="td-button td-button-primary" onClick={onAgain} data-testid={`${ns}-again`}>
          {t('result.again')}
        </button>
      </div>
    </section>
  );
}
