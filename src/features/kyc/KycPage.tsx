import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountShell, bootstrapSession, describeError, useAccountInfo } from '../account/index.ts';
import { kycStatus } from './api.ts';
import { KycForm } from './KycForm.tsx';
import { KYC_LEVELS, levelView, UNLOCKS, type KycLevel, type KycState } from './kyc-rules.ts';
import './kyc.css';

/** spec §2 account/kyc: basic (coin) and advanced (fiat) verification, their states and what they unlock (§4, §6). */
export default function KycPage() {
  const { t } = useTranslation('kyc');
  const info = useAccountInfo();
  const [state, setState] = useState<KycState | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    kycStatus().then(setState, (failure: unknown) => setError(describeError(t, failure).message));
  }, [t]);
  useEffect(load, [load]);

  const submitted = () => {
    load();
    void bootstrapSession();
  };

  return (
    <AccountShell title={t('title')}>
      <p className="td-field-hint">{t('intro')}</p>
      {error ? (
        <div className="td-form-message td-form-message-error" role="alert">
          {error}
        </div>
      ) : null}
      {state
        ? KYC_LEVELS.map((level) => <Level key={level} level={level} state={state} company={info?.companyName ?? ''} onSubmitted={submitted} />)
        : null}
    </AccountShell>
  );
}

function Level({ level, state, company, onSubmitted }: { level: KycLevel; state: KycState; company: string; onSubmitted: () => void }) {
  const { t } = useTranslation('kyc');
  const view = levelView(state, level);
  const current = state[level];
  return (
    <section className="td-kyc-level" data-testid={`kyc-${level}`} data-status={current.status}>
      <header>
        <h2>{t(`levels.${level}.title`)}</h2>
        <span className={`td-kyc-badge td-kyc-badge-${current.status}`} data-testid={`kyc-${level}-status`}>
          {t(`status.${current.status}`)}
        </span>
      </header>
      <p>{t(`levels.${level}.text`)}</p>
      <ul className="td-kyc-unlocks">
        {UNLOCKS[level].map((key) => (
          <li key={key}>{t(`unlocks.${key}`)}</li>
        ))}
      </ul>
      {current.status === 'unCertified' && current.rejectReason ? (
        <p className="td-field-error" data-testid={`kyc-${level}-rejected`}>
          {t('rejected', { reason: current.rejectReason })}
        </p>
      ) : null}
      {view === 'review' ? <p className="td-field-hint">{t('reviewText')}</p> : null}
      {view === 'certified' ? <p className="td-field-hint">{t('certifiedText')}</p> : null}
      {view === 'locked' ? <p className="td-field-hint">{t('lockedText')}</p> : null}
      {view === 'form' ? <KycForm level={level} defaultCompany={company} onSubmitted={onSubmitted} /> : null}
    </section>
  );
}
