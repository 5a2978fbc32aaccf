import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountShell, bootstrapSession, describeError, useAccountInfo } from '../account/index.ts';
import { kycStatus } from './api.ts';
import { KycForm } from './KycForm.tsx';
import { KYC_LEVELS, levelView, UNLOCKS, type KycLevel, type KycState } from './kyc-rules.ts';
import './kyc.css';

/** How often the page asks for the state while a submission is under review. */
export const KYC_POLL_MS = 10_000;

/** A level whose review ended while the page was open: what the page says about it. */
interface Decided {
  level: KycLevel;
  approved: boolean;
  reason: string | null;
}

/**
 * spec §2 account/kyc: basic (coin) and advanced (fiat) verification, their states and what they unlock (§4, §6).
 * While a submission is under review the page asks for the state again (every `pollMs`, and when the tab comes
 * back into view), so a decision shows without a reload: the level's new state, a line that says what was decided,
 * and the account's rights refreshed. The decision's message and e-mail come from the sandbox (server/identity/kyc.ts).
 */
export default function KycPage({ pollMs = KYC_POLL_MS }: { pollMs?: number }) {
  const { t } = useTranslation('kyc');
  const info = useAccountInfo();
  const [state, setState] = useState<KycState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [decided, setDecided] = useState<Decided[]>([]);
  const previous = useRef<KycState | null>(null);

  const load = useCallback(() => {
    kycStatus().then(
      (next) => {
        const before = previous.current;
        previous.current = next;
        setState(next);
        const ended = before ? KYC_LEVELS.filter((level) => before[level].status === 'review' && next[level].status !== 'review') : [];
        if (ended.length === 0) return;
        setDecided(ended.map((level) => ({ level, approved: next[level].status === 'Certified', reason: next[level].rejectReason })));
        void bootstrapSession();
      },
      (failure: unknown) => setError(describeError(t, failure).message),
    );
  }, [t]);
  useEffect(load, [load]);

  const reviewing = state ? KYC_LEVELS.some((level) => state[level].status === 'review') : false;
  useEffect(() => {
    if (!reviewing) return undefined;
    const timer = setInterval(load, pollMs);
    const onVisible = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reviewing, load, pollMs]);

  const submitted = () => {
    load();
    void bootstrapSession();
  };

  return (
    <AccountShell title={t('title')}>
      <p className="td-field-hint">{t('intro')}</p>
      <div role="status" data-testid="kyc-decided">
        {decided.map((d) => (
          <p key={d.level} className={`td-form-message td-form-message-${d.approved ? 'success' : 'error'}`} data-level={d.level}>
            {d.approved
              ? t('decided.approved', { level: t(`levels.${d.level}.title`) })
              : t('decided.rejected', { level: t(`levels.${d.level}.title`), reason: d.reason ?? '' })}
          </p>
        ))}
      </div>
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
