import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILL_PAY_ASSETS, BILL_STATUSES, type BillPayAsset, type BillStatus } from '../../../contract/electricity-rules.ts';
import { newRequestId, saveBlob } from '../../lib/api/index.ts';
import { formatAssetAmount, formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import { normaliseLanguage } from '../../lib/i18n/languages.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { FilterSelect, PageSizeSelect, RecordTable, type TimeRange, useRecordQuery } from '../../components/records/index.ts';
import { describeWalletError } from '../wallet/shared.ts';
import { showToast } from '../../lib/toast/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { electricityApi, type Bill, type BillQuote } from './api.ts';
import { receiptFileName, receiptPdf } from './receipt.ts';
import './electricity.css';

interface Filters extends TimeRange {
  status?: BillStatus;
}

/**
 * electricity-pay (spec §2; server/README.md "Electricity payment"): the miner's power bills from its hosting
 * sites — site, period, kWh, rate, amount, due date and state — paid from a digital asset at a firm quote (the
 * convert desk's), with a receipt to download once paid.
 */
export default function ElectricityPage() {
  const { t, i18n } = useTranslation('electricity');
  const { t: tw } = useTranslation('wallet');
  usePrimeLocale();
  const { filters, setFilter, paging, setPaging, onPage } = useRecordQuery<Filters>({});
  const [version, setVersion] = useState(0);
  const [paying, setPaying] = useState<Bill | null>(null);
  const page = useLoad(() => electricityApi.bills(paging, filters.status ? { status: filters.status } : {}), [paging, filters, version]);
  // The PDF writer loads on the first download (spec §2 lazy chunks); a failed load says so rather than nothing.
  const download = (bill: Bill) => {
    receiptPdf(t, bill, normaliseLanguage(i18n.language)).then(
      (pdf) => {
        if (pdf) saveBlob(new Blob([pdf], { type: 'application/pdf' }), receiptFileName(bill));
      },
      () => showToast({ severity: 'error', text: t('receipt.failed') }),
    );
  };
  return (
    <div className="td-electricity" data-testid="electricity">
      <h1>{t('title')}</h1>
      <p className="td-electricity-muted">{t('intro')}</p>
      {paying ? (
        <PayPanel
          bill={paying}
          onClose={() => setPaying(null)}
          onPaid={(bill) => {
            setPaying(bill);
            setVersion((v) => v + 1);
          }}
          onDownload={download}
        />
      ) : null}
      <section className="td-electricity-panel" aria-labelledby="electricity-bills-title">
        <h2 id="electricity-bills-title">{t('bills.title')}</h2>
        <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('bills.filters')}>
          <FilterSelect<BillStatus> name="status" label={t('bills.status')} value={filters.status} options={BILL_STATUSES.map((s) => [s, t(`status.${s}`)] as const)} onChange={(v) => setFilter('status', v)} />
          <PageSizeSelect paging={paging} onChange={setPaging} />
        </form>
        <RecordTable label={t('bills.title')} dataKey="billId" page={page} paging={paging} onPage={onPage} exportError={null} describeFailure={(failure) => describeWalletError(tw, failure).message}>
          <Column header={t('bills.site')} body={(row: Bill) => <span data-bill={row.billId}>{row.site}</span>} />
          <Column header={t('bills.period')} body={(row: Bill) => t('units.period', { start: row.periodStart, end: row.periodEnd })} />
          <Column header={t('bills.usage')} className="td-num" headerClassName="td-num" body={(row: Bill) => t('units.kwh', { value: formatQuantity(row.kwh) })} />
          <Column header={t('bills.rate')} className="td-num" headerClassName="td-num" body={(row: Bill) => t('units.rate', { value: row.rate, currency: row.currency })} />
          <Column header={t('bills.amount')} className="td-num" headerClassName="td-num" body={(row: Bill) => t('units.amount', { value: formatAssetAmount(row.amount, row.currency), asset: row.currency })} />
          <Column header={t('bills.due')} body={(row: Bill) => formatDateTime(row.dueAt)} />
          <Column
            header={t('bills.status')}
            body={(row: Bill) => (
              <span className={`td-electricity-status td-electricity-status-${row.status}`} data-testid={`bill-status-${row.billId}`}>
                {t(`status.${row.status}`)}
              </span>
            )}
          />
          <Column
            header={t('bills.action')}
            body={(row: Bill) =>
              row.payment ? (
                <button type="button" className="td-button td-button-secondary" onClick={() => download(row)} data-testid={`bill-receipt-${row.billId}`} aria-label={t('bills.receiptLabel', { site: row.site })}>
                  {t('bills.receipt')}
                </button>
              ) : (
                <button type="button" className="td-button td-button-primary" onClick={() => setPaying(row)} data-testid={`bill-pay-${row.billId}`} aria-label={t('bills.payLabel', { site: row.site })}>
                  {t('bills.pay')}
                </button>
              )
            }
          />
        </RecordTable>
      </section>
    </div>
  );
}

function PayPanel({ bill, onClose, onPaid, onDownload }: { bill: Bill; onClose: () => void; onPaid: (bill: Bill) => void; onDownload: (bill: Bill) => void }) {
  const { t } = useTranslation('electricity');
  const { t: tw } = useTranslation('wallet');
  const [asset, setAsset] = useState<BillPayAsset>('USDT');
  const [quote, setQuote] = useState<{ quote: BillQuote; requestId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refusal = (caught: unknown) => setError(describeWalletError(tw, caught).message);

  const getQuote = async () => {
    setBusy(true);
    setError(null);
    try {
      setQuote({ quote: await electricityApi.quote({ billId: bill.billId, payAsset: asset }), requestId: newRequestId() });
    } catch (caught) {
      refusal(caught);
    } finally {
      setBusy(false);
    }
  };
  const pay = async () => {
    if (!quote) return;
    setBusy(true);
    setError(null);
    try {
      onPaid(await electricityApi.pay({ quoteId: quote.quote.quoteId, requestId: quote.requestId }));
      setQuote(null);
    } catch (caught) {
      refusal(caught);
      setQuote(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="td-electricity-panel td-electricity-pay" aria-labelledby="electricity-pay-title" data-testid="bill-pay-panel" data-bill={bill.billId}>
      <h2 id="electricity-pay-title">{t('pay.title', { site: bill.site })}</h2>
      <dl className="td-wallet-facts td-electricity-facts">
        <dt>{t('bills.period')}</dt>
        <dd>{t('units.period', { start: bill.periodStart, end: bill.periodEnd })}</dd>
        <dt>{t('bills.amount')}</dt>
        <dd>{t('units.amount', { value: formatAssetAmount(bill.amount, bill.currency), asset: bill.currency })}</dd>
        <dt>{t('bills.due')}</dt>
        <dd>{formatDateTime(bill.dueAt, { zone: true })}</dd>
      </dl>
      {bill.payment ? (
        <div className="td-notice" role="status" data-testid="bill-paid">
          <p>{t('pay.done', { receipt: bill.payment.receiptNo, value: formatQuantity(bill.payment.payAmount), asset: bill.payment.payAsset })}</p>
          <div className="td-electricity-actions">
            <button type="button" className="td-button td-button-primary" onClick={() => onDownload(bill)} data-testid="bill-paid-receipt">
              {t('bills.receipt')}
            </button>
            <button type="button" className="td-button td-button-secondary" onClick={onClose}>
              {t('pay.close')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <div className="td-record-filters">
            <label>
              {t('pay.asset')}
              <select
                value={asset}
                onChange={(e) => {
                  setAsset(e.target.value as BillPayAsset);
                  setQuote(null);
                }}
                data-testid="bill-pay-asset"
              >
                {BILL_PAY_ASSETS.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {quote ? (
            <dl className="td-wallet-facts td-electricity-facts" data-testid="bill-quote">
              <dt>{t('pay.youPay')}</dt>
              <dd data-testid="bill-quote-amount">{t('units.amount', { value: formatQuantity(quote.quote.payAmount), asset: quote.quote.payAsset })}</dd>
              <dt>{t('pay.price')}</dt>
              <dd>{t('units.price', { asset: quote.quote.payAsset, value: formatQuantity(quote.quote.price), currency: quote.quote.currency })}</dd>
              <dt>{t('pay.validUntil')}</dt>
              <dd>{formatDateTime(quote.quote.expiresAt, { zone: true })}</dd>
            </dl>
          ) : null}
          {error ? (
            <p className="td-form-message td-form-message-error" role="alert" data-testid="bill-pay-error">
              {error}
            </p>
          ) : null}
          <div className="td-electricity-actions">
            {quote ? (
              <button type="button" className="td-button td-button-primary" disabled={busy} onClick={() => void pay()} data-testid="bill-pay-confirm">
                {busy ? t('pay.processing') : t('pay.confirm')}
              </button>
            ) : (
              <button type="button" className="td-button td-button-primary" disabled={busy} onClick={() => void getQuote()} data-testid="bill-pay-quote">
                {busy ? t('pay.processing') : t('pay.getQuote')}
              </button>
            )}
            <button type="button" className="td-button td-button-secondary" disabled={busy} onClick={onClose}>
              {t('pay.close')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
