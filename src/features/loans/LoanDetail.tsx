import Decimal from 'decimal.js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAN_ACTIONS, LOAN_OPEN_STATUSES, type LoanAction, type LoanStatus } from '../../../contract/loan-rules.ts';
import { DataTable } from '../../components/records/index.ts';
import { newRequestId } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { loanApi, type ActionPreview, type Loan } from './api.ts';
import { AmountInput } from './BorrowForm.tsx';
import { describeLoanError } from './errors.ts';
import { amountIssue, amountText, annualRateText, ltvText, priceText, rateText } from './format.ts';
import { LtvGauge } from './LtvGauge.tsx';

/**
 * One loan (spec §2 "loan orders"): its state (spec §4), the margin-call notice when the LTV is at or above that level, the
 * LTV gauge with the three levels, the liquidation price, the interest so far, the LTV after 10/20/30 % price
 * drops, and — while it is open — the actions, each previewed with the LTV and liquidation price after it.
 */
export function LoanDetail({ loan, onChanged }: { loan: Loan; onChanged: () => void }) {
  const { t } = useTranslation('loans');
  const open = LOAN_OPEN_STATUSES.includes(loan.status as LoanStatus);
  return (
    <section className="td-loan-panel td-loan-detail" aria-labelledby="loan-detail-title" data-testid="loan-detail" data-order={loan.orderId} data-status={loan.status}>
      <div className="td-loan-detail-head">
        <h2 id="loan-detail-title">{t('detail.title', { id: loan.orderId })}</h2>
        <LoanStatusBadge status={loan.status} />
      </div>
      {loan.marginCall ? (
        <div className="td-notice td-notice-warning td-loan-margin-call" role="status" data-testid="loan-margin-call">
          <strong>{t('marginCall.title')}</strong>
          <p>
            {t('marginCall.text', {
              ltv: ltvText(loan.ltv),
              level: ltvText(loan.marginCallLtv),
              liquidation: ltvText(loan.liquidationLtv),
              price: priceText(loan.liquidationPrice),
            })}
          </p>
        </div>
      ) : null}
      {open ? <LtvGauge ltv={loan.ltv} initialLtv={loan.initialLtv} marginCallLtv={loan.marginCallLtv} liquidationLtv={loan.liquidationLtv} /> : null}
      <dl className="td-wallet-facts td-loan-facts">
        <dt>{t('facts.borrowed')}</dt>
        <dd>{t('units.amount', { value: amountText(loan.principal, loan.loanAsset), asset: loan.loanAsset })}</dd>
        <dt>{t('facts.debt')}</dt>
        <dd data-testid="loan-debt">{t('units.amount', { value: amountText(loan.debt, loan.loanAsset), asset: loan.loanAsset })}</dd>
        <dt>{t('facts.interestAccrued')}</dt>
        <dd data-testid="loan-interest">{t('units.amount', { value: amountText(loan.interestTotal, loan.loanAsset), asset: loan.loanAsset })}</dd>
        <dt>{t('facts.collateral')}</dt>
        <dd data-testid="loan-collateral">{t('units.amount', { value: amountText(loan.collateralAmount, loan.collateralAsset), asset: loan.collateralAsset })}</dd>
        {open ? (
          <>
            <dt>{t('facts.ltv')}</dt>
            <dd data-testid="loan-ltv">{t('units.percent', { value: ltvText(loan.ltv) })}</dd>
            <dt>{t('facts.price', { asset: loan.collateralAsset })}</dt>
            <dd data-testid="loan-price">{t('units.usdt', { value: priceText(loan.price) })}</dd>
            <dt>{t('facts.liquidationPrice')}</dt>
            <dd data-testid="loan-liquidation-price">{t('units.usdt', { value: priceText(loan.liquidationPrice) })}</dd>
            <dt>{t('facts.dailyInterest')}</dt>
            <dd>{t('units.amount', { value: amountText(loan.dailyInterest, loan.loanAsset), asset: loan.loanAsset })}</dd>
            <dt>{t('facts.hourlyRate')}</dt>
            <dd>{t('units.percent', { value: rateText(loan.hourlyRate) })}</dd>
            <dt>{t('facts.annualRate')}</dt>
            <dd data-testid="annual-rate">{t('units.percent', { value: annualRateText(loan.hourlyRate) })}</dd>
          </>
        ) : null}
        <dt>{t('facts.borrowedAt')}</dt>
        <dd>{formatDateTime(loan.borrowedAt, { zone: true })}</dd>
        <dt>{t('facts.dueAt')}</dt>
        <dd>{formatDateTime(loan.dueAt, { zone: true })}</dd>
        {loan.closedAt ? (
          <>
            <dt>{t('facts.closedAt')}</dt>
            <dd>{formatDateTime(loan.closedAt, { zone: true })}</dd>
          </>
        ) : null}
      </dl>
      {open ? (
        <>
          <DataTable<Loan['stress'][number]>
            rows={loan.stress}
            rowKey={(s) => s.drop}
            rowProps={(s) => ({ 'data-zone': new Decimal(s.ltv).gte(loan.liquidationLtv) ? 'liquidation' : new Decimal(s.ltv).gte(loan.marginCallLtv) ? 'marginCall' : 'safe' })}
            testId="loan-stress"
            className="td-loan-stress"
            caption={t('stress.title')}
            region={{ className: 'td-loan-table-wrap', label: t('stress.title') }}
            headersWhenEmpty
            columns={[
              { id: 'drop', header: t('stress.drop'), rowHeader: true, cell: (s) => t('units.percent', { value: new Decimal(s.drop).times(100).toFixed(0) }) },
              { id: 'price', header: t('stress.price', { asset: loan.collateralAsset }), cell: (s) => t('units.usdt', { value: priceText(s.price) }) },
              { id: 'ltv', header: t('stress.ltv'), cell: (s) => t('units.percent', { value: ltvText(s.ltv) }) },
            ]}
          />
          <ActionForm loan={loan} onDone={onChanged} />
        </>
      ) : null}
    </section>
  );
}

export function LoanStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('loans');
  return (
    <span className={`td-loan-status td-loan-status-${status}`} data-testid="loan-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** The asset an action's amount is in: the loan asset for a repayment, the collateral otherwise. */
const amountAsset = (loan: Loan, action: LoanAction) => (action === 'repay' ? loan.loanAsset : loan.collateralAsset);

function ActionForm({ loan, onDone }: { loan: Loan; onDone: () => void }) {
  const { t } = useTranslation('loans');
  const [action, setAction] = useState<LoanAction>('addCollateral');
  const [amount, setAmount] = useState('');
  const [preview, setPreview] = useState<{ requestId: string; preview: ActionPreview } | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const asset = amountAsset(loan, action);
  const decimals = action === 'repay' ? 6 : 8;
  const issue = amount === '' ? null : amountIssue(amount, decimals);

  const choose = (next: LoanAction) => {
    setAction(next);
    setAmount('');
    setPreview(null);
    setMessage(null);
  };

  const review = async (event: FormEvent) => {
    event.preventDefault();
    if (amount === '' || issue) return;
    setBusy(true);
    setMessage(null);
    try {
      setPreview({ requestId: newRequestId(), preview: await loanApi.previewAction({ orderId: loan.orderId, action, amount }) });
    } catch (caught) {
      setMessage({ tone: 'error', text: describeLoanError(t, caught) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const done = await loanApi.act(action, { orderId: loan.orderId, amount, requestId: preview.requestId });
      setPreview(null);
      setAmount('');
      setMessage({ tone: 'success', text: t(done.loan.status === 2 ? 'actions.doneEnded' : 'actions.done', { action: t(`actions.${action}`) }) });
      onDone();
    } catch (caught) {
      setMessage({ tone: 'error', text: describeLoanError(t, caught) });
    } finally {
      setBusy(false);
    }
  };

  const p = preview?.preview;
  return (
    <form className="td-loan-form td-loan-action" onSubmit={(e) => void review(e)} noValidate aria-labelledby="loan-action-title" data-testid="loan-action">
      <h3 id="loan-action-title">{t('actions.title')}</h3>
      <div className="td-loan-row">
        <label className="td-loan-field">
          {t('actions.kind')}
          <select name="action" value={action} onChange={(e) => choose(e.target.value as LoanAction)} data-testid="action-kind">
            {LOAN_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`actions.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <AmountInput
          name="actionAmount"
          label={t('actions.amount', { asset })}
          value={amount}
          onValue={(v) => {
            setAmount(v);
            setPreview(null);
          }}
          issue={issue ? t(`form.issues.${issue}`, { decimals }) : null}
        />
      </div>
      {action === 'repay' ? (
        <button
          type="button"
          className="td-button td-button-secondary td-loan-all"
          onClick={() => {
            setAmount(loan.debt);
            setPreview(null);
          }}
          data-testid="action-repay-all"
        >
          {t('actions.repayAll', { value: amountText(loan.debt, loan.loanAsset), asset: loan.loanAsset })}
        </button>
      ) : null}
      {p ? (
        <div className="td-loan-preview" data-testid="action-preview" data-allowed={p.allowed}>
          <dl className="td-wallet-facts td-loan-facts">
            <dt>{t('facts.ltv')}</dt>
            <dd data-testid="action-ltv-after">{t('actions.fromTo', { from: t('units.percent', { value: ltvText(p.ltvBefore) }), to: t('units.percent', { value: ltvText(p.ltvAfter) }) })}</dd>
            <dt>{t('facts.liquidationPrice')}</dt>
            <dd data-testid="action-liquidation-after">
              {t('actions.fromTo', { from: t('units.usdt', { value: priceText(p.liquidationPriceBefore) }), to: t('units.usdt', { value: priceText(p.liquidationPriceAfter) }) })}
            </dd>
            <dt>{t('facts.debt')}</dt>
            <dd>{t('units.amount', { value: amountText(p.debtAfter, loan.loanAsset), asset: loan.loanAsset })}</dd>
            <dt>{t('facts.collateral')}</dt>
            <dd>{t('units.amount', { value: amountText(p.collateralAfter, loan.collateralAsset), asset: loan.collateralAsset })}</dd>
            {p.proceeds ? (
              <>
                <dt>{t('actions.proceeds')}</dt>
                <dd>{t('units.amount', { value: amountText(p.proceeds, loan.loanAsset), asset: loan.loanAsset })}</dd>
              </>
            ) : null}
          </dl>
          {p.allowed ? null : (
            <p className="td-form-message td-form-message-error" role="alert" data-testid="action-refused">
              {t(`actions.refused.${p.reason ?? 'ltv'}`, { initial: ltvText(loan.initialLtv) })}
            </p>
          )}
        </div>
      ) : null}
      {message ? (
        <p className={`td-form-message td-form-message-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid={`action-${message.tone}`}>
          {message.text}
        </p>
      ) : null}
      <div className="td-loan-actions">
        {p?.allowed ? (
          <>
            <button type="button" className="td-button td-button-primary" disabled={busy} onClick={() => void confirm()} data-testid="action-confirm">
              {busy ? t('actions.processing') : t('actions.confirm', { action: t(`actions.${action}`) })}
            </button>
            <button type="button" className="td-button td-button-secondary" disabled={busy} onClick={() => setPreview(null)}>
              {t('actions.back')}
            </button>
          </>
        ) : (
          <button type="submit" className="td-button td-button-primary" disabled={busy || amount === '' || issue !== null} data-testid="action-review">
            {t('actions.review')}
          </button>
        )}
      </div>
    </form>
  );
}
