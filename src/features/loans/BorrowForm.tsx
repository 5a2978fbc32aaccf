import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COLLATERAL_ASSETS, LOAN_ASSETS, LOAN_TERMS, type CollateralAsset, type LoanAsset, type LoanTerm } from '../../../contract/loan-rules.ts';
import { newRequestId } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { loanApi, type BorrowPreview, type Loan, type LoanConfig } from './api.ts';
import { describeLoanError } from './errors.ts';
import { amountIssue, amountText, annualRateText, ltvText, priceText, rateText } from './format.ts';
import { LtvGauge } from './LtvGauge.tsx';

const PREVIEW_DEBOUNCE_MS = 300;

interface Draft {
  loanAsset: LoanAsset;
  loanAmount: string;
  collateralAsset: CollateralAsset;
  collateralAmount: string;
  termDays: LoanTerm;
}

/**
 * Borrow (spec §2 "loan"): the loan and the collateral, the term, and as the person types the sandbox's preview at the
 * live price — LTV against the three levels, the liquidation price, the daily interest and the most this
 * collateral allows. "Review" shows the same figures to confirm; the borrow carries one requestId per review,
 * so a retry never borrows twice.
 */
export function BorrowForm({ config, onBorrowed }: { config: LoanConfig | null; onBorrowed: (loan: Loan) => void }) {
  const { t } = useTranslation('loans');
  const [draft, setDraft] = useState<Draft>({ loanAsset: 'USDT', loanAmount: '', collateralAsset: 'BTC', collateralAmount: '', termDays: 30 });
  // The preview of the draft it was made for: a newer draft shows none until its own arrives.
  const [previewed, setPreviewed] = useState<{ draft: Draft; reply: BorrowPreview } | null>(null);
  const preview = previewed?.draft === draft ? previewed.reply : null;
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ requestId: string; preview: BorrowPreview } | null>(null);
  const [busy, setBusy] = useState(false);
  const loanDecimals = config?.loanAssets.find((a) => a.asset === draft.loanAsset)?.decimals ?? 6;
  const collateralDecimals = config?.collaterals.find((c) => c.asset === draft.collateralAsset)?.decimals ?? 8;
  const loanIssue = draft.loanAmount === '' ? null : amountIssue(draft.loanAmount, loanDecimals);
  const collateralIssue = draft.collateralAmount === '' ? null : amountIssue(draft.collateralAmount, collateralDecimals);
  const ready = draft.loanAmount !== '' && draft.collateralAmount !== '' && !loanIssue && !collateralIssue;

  useEffect(() => {
    if (!ready) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      loanApi.preview({ ...draft }, abort.signal).then(
        (reply) => {
          setPreviewed({ draft, reply });
          setError(null);
        },
        (caught: unknown) => {
          if (!abort.signal.aborted) setError(describeLoanError(t, caught));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [draft, ready, t]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setConfirm(null);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!preview || !preview.allowed) return;
    setConfirm({ requestId: newRequestId(), preview });
  };

  const borrow = async () => {
    if (!confirm) return;
    setBusy(true);
    setError(null);
    try {
      const loan = await loanApi.borrow({ ...draft, requestId: confirm.requestId });
      setConfirm(null);
      setDraft((d) => ({ ...d, loanAmount: '', collateralAmount: '' }));
      onBorrowed(loan);
    } catch (caught) {
      setError(describeLoanError(t, caught));
    } finally {
      setBusy(false);
    }
  };

  const issueText = (issue: ReturnType<typeof amountIssue>, decimals: number) => (issue ? t(`form.issues.${issue}`, { decimals }) : null);
  const shown = confirm?.preview ?? preview;
  return (
    <section className="td-loan-panel" aria-labelledby="loan-borrow-title" data-testid="loan-borrow">
      <h2 id="loan-borrow-title">{t('borrow.title')}</h2>
      <form className="td-loan-form" onSubmit={review} noValidate>
        <div className="td-loan-row">
          <label className="td-loan-field">
            {t('form.loanAsset')}
            <select name="loanAsset" data-testid="borrow-loan-asset" value={draft.loanAsset} onChange={(e) => set('loanAsset', e.target.value as LoanAsset)}>
              {LOAN_ASSETS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
          <AmountInput name="loanAmount" label={t('form.loanAmount')} value={draft.loanAmount} onValue={(v) => set('loanAmount', v)} issue={issueText(loanIssue, loanDecimals)} />
        </div>
        <div className="td-loan-row">
          <label className="td-loan-field">
            {t('form.collateralAsset')}
            <select name="collateralAsset" data-testid="borrow-collateral-asset" value={draft.collateralAsset} onChange={(e) => set('collateralAsset', e.target.value as CollateralAsset)}>
              {COLLATERAL_ASSETS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
          <AmountInput
            name="collateralAmount"
            label={t('form.collateralAmount')}
            value={draft.collateralAmount}
            onValue={(v) => set('collateralAmount', v)}
            issue={issueText(collateralIssue, collateralDecimals)}
          />
        </div>
        <fieldset className="td-loan-terms">
          <legend>{t('form.term')}</legend>
          {LOAN_TERMS.map((days) => (
            <label key={days} className="td-loan-term">
              <input type="radio" name="termDays" value={days} checked={draft.termDays === days} onChange={() => set('termDays', days)} data-testid={`borrow-term-${days}`} />
              {t('form.days', { count: days })}
            </label>
          ))}
        </fieldset>
        {shown ? (
          <div className="td-loan-preview" data-testid="borrow-preview">
            <LtvGauge ltv={shown.ltv} initialLtv={shown.initialLtv} marginCallLtv={shown.marginCallLtv} liquidationLtv={shown.liquidationLtv} />
            <dl className="td-wallet-facts td-loan-facts">
              <dt>{t('facts.ltv')}</dt>
              <dd data-testid="preview-ltv">{t('units.percent', { value: ltvText(shown.ltv) })}</dd>
              <dt>{t('facts.price', { asset: shown.collateralAsset })}</dt>
              <dd>{t('units.usdt', { value: priceText(shown.price) })}</dd>
              <dt>{t('facts.liquidationPrice')}</dt>
              <dd data-testid="preview-liquidation-price">{t('units.usdt', { value: priceText(shown.liquidationPrice) })}</dd>
              <dt>{t('facts.dailyInterest')}</dt>
              <dd data-testid="preview-daily-interest">{t('units.amount', { value: amountText(shown.dailyInterest, shown.loanAsset), asset: shown.loanAsset })}</dd>
              <dt>{t('facts.hourlyRate')}</dt>
              <dd>{t('units.percent', { value: rateText(shown.hourlyRate) })}</dd>
              <dt>{t('facts.annualRate')}</dt>
              <dd data-testid="annual-rate">{t('units.percent', { value: annualRateText(shown.hourlyRate) })}</dd>
              <dt>{t('facts.termInterest')}</dt>
              <dd>{t('units.amount', { value: amountText(shown.termInterest, shown.loanAsset), asset: shown.loanAsset })}</dd>
              <dt>{t('facts.maxLoan')}</dt>
              <dd data-testid="preview-max">{t('units.amount', { value: amountText(shown.maxLoanAmount, shown.loanAsset), asset: shown.loanAsset })}</dd>
              <dt>{t('facts.dueAt')}</dt>
              <dd>{formatDateTime(shown.dueAt, { zone: true })}</dd>
            </dl>
            {!shown.allowed ? (
              <p className="td-form-message td-form-message-error" role="alert" data-testid="preview-refused">
                {t('borrow.tooHigh', { initial: ltvText(shown.initialLtv) })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="td-loan-muted">{t('borrow.enter')}</p>
        )}
        {error ? (
          <p className="td-form-message td-form-message-error" role="alert" data-testid="borrow-error">
            {error}
          </p>
        ) : null}
        {confirm ? null : (
          <button type="submit" className="td-button td-button-primary" disabled={!preview?.allowed} data-testid="borrow-review">
            {t('borrow.review')}
          </button>
        )}
      </form>
      {confirm ? (
        <div className="td-loan-confirm" role="group" aria-labelledby="loan-borrow-confirm" data-testid="borrow-confirm">
          <h3 id="loan-borrow-confirm">{t('borrow.confirmTitle')}</h3>
          <p>
            {t('borrow.confirmText', {
              loan: t('units.amount', { value: amountText(confirm.preview.loanAmount, confirm.preview.loanAsset), asset: confirm.preview.loanAsset }),
              collateral: t('units.amount', { value: amountText(confirm.preview.collateralAmount, confirm.preview.collateralAsset), asset: confirm.preview.collateralAsset }),
              ltv: ltvText(confirm.preview.ltv),
              price: priceText(confirm.preview.liquidationPrice),
            })}
          </p>
          <div className="td-loan-actions">
            <button type="button" className="td-button td-button-primary" disabled={busy} onClick={() => void borrow()} data-testid="borrow-confirm-button">
              {busy ? t('actions.processing') : t('borrow.confirm')}
            </button>
            <button type="button" className="td-button td-button-secondary" disabled={busy} onClick={() => setConfirm(null)}>
              {t('actions.back')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

export function AmountInput({ name, label, value, onValue, issue }: { name: string; label: string; value: string; onValue: (v: string) => void; issue: string | null }) {
  const id = `loan-${name}`;
  return (
    <div className="td-loan-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onValue(e.target.value.trim())}
        aria-invalid={issue !== null}
        aria-describedby={issue ? `${id}-issue` : undefined}
        data-testid={`input-${name}`}
      />
      {issue ? (
        <span className="td-field-error" id={`${id}-issue`} role="alert">
          {issue}
        </span>
      ) : null}
    </div>
  );
}
