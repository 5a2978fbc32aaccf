import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BROKER_WALLETS, type BrokerWallet } from '../../../../contract/broker-rules.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { describeError } from '../../account/shared.ts';
import { FormMessage } from '../../../components/form/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { FilterBar, FilterSelect, PageSizeSelect, type TimeRange, TimeRangeFilter, useRecordQuery, RecordTable } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { useListFailure } from '../list-failure.tsx';
import { AccountPicker } from './AccountPicker.tsx';
import { accountApi, recordApi, type CapitalRecord } from './api.ts';
import { Amount, timeFields } from './shared.tsx';
import './locale.ts';
import './money.css';

/** The ledger kinds of the asset flow (contract/broker-funds.ts CapitalRecord.kind). */
const KINDS = ['broker_deposit', 'broker_wallet_transfer', 'broker_transfer_hold', 'broker_transfer', 'broker_withdraw', 'broker_release', 'broker_account_unbind'] as const;
type Kind = (typeof KINDS)[number];
interface Filters extends TimeRange {
  brokerAccountId?: string;
  wallet?: BrokerWallet;
  kind?: Kind;
}

/**
 * assetFlow (spec §2 broker manager; spec §7 pageBrokerCapitalRecord and queryBrokerCapitalRecordDetail):
 * every change of the organisation's sub-account wallets — deposits, transfers and their holds, withdrawals —
 * filtered by sub-account, wallet, kind and time range (spec §9), paged on the server; a row opens its detail (the
 * whole ledger transaction's legs, the provider side and the application behind it). The spec names no export for
 * this list.
 */
export default function AssetFlowPage() {
  return (
    <BrokerOnly>
      <AssetFlow />
    </BrokerOnly>
  );
}

function AssetFlow() {
  const { t } = useTranslation('broker-money');
  usePrimeLocale();
  const accounts = useLoad(() => accountApi.list(), []);
  const describeFailure = useListFailure();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<Filters>({ days: 30 });
  const page = useLoad(
    () =>
      recordApi.capital(paging, {
        ...timeFields(filters),
        ...(filters.brokerAccountId ? { brokerAccountId: filters.brokerAccountId } : {}),
        ...(filters.wallet ? { wallet: filters.wallet } : {}),
        ...(filters.kind ? { kind: filters.kind } : {}),
      }),
    [paging, filters],
  );
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="td-broker-money" data-testid="broker-asset-flow">
      <div className="td-broker-money-head">
        <h1>{t('flow.title')}</h1>
        <p className="td-field-hint">{t('flow.intro')}</p>
      </div>
      <FilterBar>
        <AccountPicker name="account" label={t('common.subAccount')} accounts={accounts.data ?? []} value={filters.brokerAccountId ?? ''} onChange={(v) => setFilter('brokerAccountId', v)} allowAll />
        <FilterSelect<BrokerWallet> name="wallet" label={t('flow.columns.wallet')} value={filters.wallet} options={BROKER_WALLETS.map((w) => [w, t(`broker:wallets.${w}`)] as const)} onChange={(v) => setFilter('wallet', v)} />
        <FilterSelect<Kind> name="kind" label={t('flow.columns.kind')} value={filters.kind} options={KINDS.map((k) => [k, t(`flow.kinds.${k}`)] as const)} onChange={(v) => setFilter('kind', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      {open ? <Detail recordId={open} onClose={() => setOpen(null)} /> : null}
      <RecordTable<CapitalRecord> describeFailure={describeFailure} label={t('flow.title')} dataKey="recordId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />}>
        <Column header={t('flow.columns.time')} body={(row: CapitalRecord) => <span data-flow-row={row.recordId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('flow.columns.kind')} body={(row: CapitalRecord) => <span data-flow-kind={row.kind}>{t(`flow.kinds.${row.kind}`, { defaultValue: row.kind })}</span>} />
        <Column header={t('common.subAccount')} body={(row: CapitalRecord) => `${row.subAccountName} · ${t(`broker-config:exchanges.${row.exchangeCode}`)}`} />
        <Column header={t('flow.columns.wallet')} body={(row: CapitalRecord) => t(`broker:wallets.${row.wallet}`)} />
        <Column header={t('flow.columns.amount')} body={(row: CapitalRecord) => <Amount value={row.amount} asset={row.asset} />} />
        <Column header={t('flow.columns.application')} body={(row: CapitalRecord) => (row.applicationId ? `#${row.applicationId}` : '')} />
        <Column
          header={t('flow.columns.actions')}
          body={(row: CapitalRecord) => (
            <button type="button" className="td-link-button" aria-label={t('flow.detailNamed', { id: row.recordId })} onClick={() => setOpen(row.recordId)} data-testid={`flow-detail-${row.recordId}`}>
              {t('flow.detail')}
            </button>
          )}
        />
      </RecordTable>
    </div>
  );
}

function Detail({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { t } = useTranslation('broker-money');
  const detail = useLoad(() => recordApi.capitalDetail(recordId), [recordId]);
  const d = detail.data;
  return (
    <section className="td-broker-money-form td-broker-money-detail" aria-labelledby="flow-detail-title" data-testid="flow-detail">
      <h2 id="flow-detail-title">{t('flow.detailTitle', { id: recordId })}</h2>
      <FormMessage text={detail.error ? t('common.failed', { message: describeError(t, detail.error).message }) : null} />
      {d ? (
        <>
          <dl className="td-broker-money-facts">
            <dt>{t('flow.columns.kind')}</dt>
            <dd>{t(`flow.kinds.${d.record.kind}`, { defaultValue: d.record.kind })}</dd>
            <dt>{t('flow.columns.time')}</dt>
            <dd>{formatDateTime(d.record.createdAt, { zone: true })}</dd>
            <dt>{t('flow.free')}</dt>
            <dd>
              <Amount value={d.record.freeChange} asset={d.record.asset} />
            </dd>
            <dt>{t('flow.locked')}</dt>
            <dd>
              <Amount value={d.record.lockedChange} asset={d.record.asset} />
            </dd>
            {d.application ? (
              <>
                <dt>{t('flow.columns.application')}</dt>
                <dd data-testid="flow-detail-application">{t('flow.applicationLine', { id: d.application.applicationId, type: t(`types.${d.application.type}`), state: t(`states.${d.application.status}`), applicant: d.application.applicant })}</dd>
              </>
            ) : null}
          </dl>
          <h3>{t('flow.legs')}</h3>
          <ul className="td-broker-money-legs" data-testid="flow-detail-legs">
            {d.legs.map((leg, i) => (
              <li key={i}>
                {t('flow.leg', { account: leg.subAccountName, wallet: t(`broker:wallets.${leg.wallet}`), bucket: t(`flow.buckets.${leg.bucket}`) })} <Amount value={leg.amount} asset={leg.asset} />
              </li>
            ))}
            {d.counterparties.map((c, i) => (
              <li key={`c${i}`}>
                {c.account} <Amount value={c.amount} asset={c.asset} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
      <div className="td-broker-money-actions">
        <button type="button" className="td-button td-button-secondary" onClick={onClose} data-testid="flow-detail-close">
          {t('flow.close')}
        </button>
      </div>
    </section>
  );
}
