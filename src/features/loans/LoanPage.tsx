import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { bootstrapSession, useAccountInfo } from '../account/index.ts';
import { FormMessage } from '../../components/form/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { loanApi } from './api.ts';
import { BorrowForm } from './BorrowForm.tsx';
import { describeLoanError } from './errors.ts';
import { LoanDetail } from './LoanDetail.tsx';
import { LiquidationHistory, LoanOrders } from './LoanTables.tsx';
import './loans.css';

const REFRESH_MS = 5_000;

/**
 * loan (spec §2): borrow stablecoins against BTC or ETH, follow a loan's LTV at the live price and act
 * on it, the loan orders and the liquidation history. Operations can switch loans off (spec §6, the user menu's
 * `loan` permission): the page then says to contact the provider and offers nothing else.
 */
export default function LoanPage() {
  const { t } = useTranslation('loans');
  const { lang } = useParams();
  usePrimeLocale();
  const info = useAccountInfo();
  const permission = info?.permissions?.loan;
  // Permissions come from the user menu (spec §6): read again here, so a switch made meanwhile counts.
  useEffect(() => {
    void bootstrapSession();
  }, []);
  const [selected, setSelected] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const config = useLoad(() => loanApi.config(), []);
  const detail = useLoad(() => (selected ? loanApi.detail(selected) : Promise.resolve(null)), [selected, version], REFRESH_MS);
  const changed = () => setVersion((v) => v + 1);

  if (permission && !permission.enabled) {
    return (
      <div className="td-loans" data-testid="loans">
        <h1>{t('title')}</h1>
        <div className="td-notice td-notice-warning" data-testid="loans-off" role="status">
          <p>{t('off.text')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="td-loans" data-testid="loans">
      <div className="td-loans-head">
        <h1>{t('title')}</h1>
        <p className="td-loan-muted">{t('intro')}</p>
        <Link to={`/${lang}/electricity-pay`} data-testid="loans-electricity-link">
          {t('electricityLink')}
        </Link>
      </div>
      {config.error ? <FormMessage text={describeLoanError(t, config.error)} /> : null}
      <div className="td-loans-grid">
        <BorrowForm
          config={config.data}
          onBorrowed={(loan) => {
            setSelected(loan.orderId);
            changed();
          }}
        />
        {detail.data ? (
          <LoanDetail loan={detail.data} onChanged={changed} />
        ) : (
          <section className="td-loan-panel" aria-labelledby="loan-about-title">
            <h2 id="loan-about-title">{t('about.title')}</h2>
            <ul>
              <li>{t('about.ltv')}</li>
              <li>{t('about.marginCall')}</li>
              <li>{t('about.liquidation', { fee: new Decimal(config.data?.liquidationFee ?? '0.02').times(100).toFixed() })}</li>
              <li>{t('about.interest')}</li>
            </ul>
          </section>
        )}
      </div>
      {detail.error ? <FormMessage text={describeLoanError(t, detail.error)} /> : null}
      <LoanOrders selected={selected} onSelect={setSelected} version={version} />
      <LiquidationHistory version={version} />
    </div>
  );
}
