import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { COLLATERAL_ASSETS, LOAN_ASSETS, LOAN_STATUSES, type CollateralAsset, type LoanAsset, type LoanStatus } from '../../../contract/loan-rules.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { FilterSelect, PageSizeSelect, RecordTable, type TimeRange, useRecordQuery } from '../../components/records/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { loanApi, type Liquidation, type Loan } from './api.ts';
import { amountText, ltvText, priceText } from './format.ts';
import { LoanStatusBadge } from './LoanDetail.tsx';
import { describeWalletError } from '../wallet/shared.ts';

const REFRESH_MS = 5_000;

interface Filters extends TimeRange {
  status?: `${LoanStatus}`;
  loanAsset?: LoanAsset;
  collateralAsset?: CollateralAsset;
}

/**
 * The loan orders (spec §2): every loan, newest first, paged on the server and filtered by state (spec §4's
 * five, translated), loan asset and collateral; "View" opens one above. Refreshed every 5 s, so a margin call or
 * a liquidation shows without a reload. `version` reloads it after an action of this page.
 */
export function LoanOrders({ selected, onSelect, version }: { selected: string | null; onSelect: (orderId: string) => void; version: number }) {
  const { t } = useTranslation('loans');
  const { t: tw } = useTranslation('wallet');
  const { filters, setFilter, paging, setPaging, onPage } = useRecordQuery<Filters>({});
  const page = useLoad(
    () =>
      loanApi.orders(paging, {
        ...(filters.status ? { status: Number(filters.status) as LoanStatus } : {}),
        ...(filters.loanAsset ? { loanAsset: filters.loanAsset } : {}),
        ...(filters.collateralAsset ? { collateralAsset: filters.collateralAsset } : {}),
      }),
    [paging, filters, version],
    REFRESH_MS,
  );
  return (
    <section className="td-loan-panel td-loan-wide" aria-labelledby="loan-orders-title" data-testid="loan-orders">
      <h2 id="loan-orders-title">{t('orders.title')}</h2>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('orders.filters')}>
        <FilterSelect<`${LoanStatus}`>
          name="status"
          label={t('orders.status')}
          value={filters.status}
          options={LOAN_STATUSES.map((s) => [`${s}`, t(`status.${s}`)] as const)}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect<LoanAsset> name="loanAsset" label={t('form.loanAsset')} value={filters.loanAsset} options={LOAN_ASSETS.map((a) => [a, a] as const)} onChange={(v) => setFilter('loanAsset', v)} />
        <FilterSelect<CollateralAsset>
          name="collateralAsset"
          label={t('form.collateralAsset')}
          value={filters.collateralAsset}
          options={COLLATERAL_ASSETS.map((a) => [a, a] as const)}
          onChange={(v) => setFilter('collateralAsset', v)}
        />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </form>
      <RecordTable label={t('orders.title')} dataKey="orderId" page={page} paging={paging} onPage={onPage} exportError={null} describeFailure={(failure) => describeWalletError(tw, failure).message}>
        <Column header={t('orders.borrowedAt')} body={(row: Loan) => <span data-loan={row.orderId}>{formatDateTime(row.borrowedAt)}</span>} />
        <Column header={t('orders.loan')} className="td-num" headerClassName="td-num" body={(row: Loan) => t('units.amount', { value: amountText(row.principal, row.loanAsset), asset: row.loanAsset })} />
        <Column header={t('facts.collateral')} className="td-num" headerClassName="td-num" body={(row: Loan) => t('units.amount', { value: amountText(row.collateralAmount, row.collateralAsset), asset: row.collateralAsset })} />
        <Column header={t('facts.debt')} className="td-num" headerClassName="td-num" body={(row: Loan) => t('units.amount', { value: amountText(row.debt, row.loanAsset), asset: row.loanAsset })} />
        <Column header={t('facts.ltv')} className="td-num" headerClassName="td-num" body={(row: Loan) => (row.status === 1 || row.status === 3 ? t('units.percent', { value: ltvText(row.ltv) }) : t('orders.none'))} />
        <Column header={t('orders.term')} body={(row: Loan) => t('form.days', { count: row.termDays })} />
        <Column header={t('orders.status')} body={(row: Loan) => <LoanStatusBadge status={row.status} />} />
        <Column header={t('facts.dueAt')} body={(row: Loan) => formatDateTime(row.dueAt)} />
        <Column
          header={t('orders.open')}
          body={(row: Loan) => (
            <button
              type="button"
              className="td-button td-button-secondary td-loan-view"
              aria-pressed={selected === row.orderId}
              aria-label={t('orders.viewLabel', { id: row.orderId })}
              onClick={() => onSelect(row.orderId)}
              data-testid={`loan-view-${row.orderId}`}
            >
              {t('orders.view')}
            </button>
          )}
        />
      </RecordTable>
    </section>
  );
}

/** The liquidation history: what the provider sold of each liquidated loan, at what price, and what came back. */
export function LiquidationHistory({ version }: { version: number }) {
  const { t } = useTranslation('loans');
  const { t: tw } = useTranslation('wallet');
  const { paging, setPaging, onPage } = useRecordQuery<TimeRange>({});
  const page = useLoad(() => loanApi.liquidations(paging), [paging, version], REFRESH_MS);
  return (
    <section className="td-loan-panel td-loan-wide" aria-labelledby="loan-liquidations-title" data-testid="loan-liquidations">
      <h2 id="loan-liquidations-title">{t('liquidations.title')}</h2>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('liquidations.title')}>
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </form>
      <RecordTable label={t('liquidations.title')} dataKey="liquidationId" page={page} paging={paging} onPage={onPage} exportError={null} describeFailure={(failure) => describeWalletError(tw, failure).message}>
        <Column header={t('liquidations.time')} body={(row: Liquidation) => <span data-liquidation={row.orderId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('liquidations.order')} field="orderId" />
        <Column header={t('liquidations.reason')} body={(row: Liquidation) => t(`liquidations.reasons.${row.reason}`)} />
        <Column header={t('liquidations.sold')} className="td-num" headerClassName="td-num" body={(row: Liquidation) => t('units.amount', { value: amountText(row.collateralSold, row.collateralAsset), asset: row.collateralAsset })} />
        <Column header={t('liquidations.averagePrice')} className="td-num" headerClassName="td-num" body={(row: Liquidation) => t('units.usdt', { value: priceText(row.averagePrice) })} />
        <Column header={t('liquidations.repaid')} className="td-num" headerClassName="td-num" body={(row: Liquidation) => t('units.amount', { value: amountText(row.principalRepaid, row.loanAsset), asset: row.loanAsset })} />
        <Column header={t('liquidations.interest')} className="td-num" headerClassName="td-num" body={(row: Liquidation) => t('units.amount', { value: amountText(row.interestRepaid, row.loanAsset), asset: row.loanAsset })} />
        <Column header={t('liquidations.fee')} className="td-num" headerClassName="td-num" body={(row: Liquidation) => t('units.amount', { value: amountText(row.fee, row.loanAsset), asset: row.loanAsset })} />
        <Column
          header={t('liquidations.returned')}
          className="td-num"
          headerClassName="td-num"
          body={(row: Liquidation) => (
            <span data-testid={`liquidation-returned-${row.orderId}`}>
              {t('liquidations.returnedValue', {
                collateral: t('units.amount', { value: amountText(row.collateralReturned, row.collateralAsset), asset: row.collateralAsset }),
                refund: t('units.amount', { value: amountText(row.refund, row.loanAsset), asset: row.loanAsset }),
              })}
            </span>
          )}
        />
      </RecordTable>
    </section>
  );
}
