import './pages.css';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { SUB_ACCOUNT_KINDS } from '../../../contract/broker-rules.ts';
import { Modal } from '../../components/index.ts';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { accountsApi, type AccountQuery, type BrokerAccount } from './accounts-api.ts';
import { AccountForm } from './AccountForm.tsx';
import './lists.css';
import { FilterBar, FilterSelect, PageSizeSelect, RecordTable, useRecordQuery } from '../../components/records/index.ts';
import { EmptyState } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ManagersPanel } from './ManagersPanel.tsx';
import { ControlRequests } from './ControlRequests.tsx';
import { UnbindForm } from './UnbindForm.tsx';
import { useBrokerLookup } from './lookup-store.ts';
import { ExchangeName, Notice } from './parts.tsx';
import { failureText } from '../../components/form/index.ts';
import { useListFailure } from './list-failure.tsx';

type Filters = AccountQuery & { days?: never };
type Editing = { mode: 'create' } | { mode: 'edit'; account: BrokerAccount } | null;

/**
 * spec §2 broker manager "account": the organisation's sub-accounts on the exchanges, filtered by exchange, kind
 * and a keyword, server-paged (spec §9); add one, edit its remark, delete it after a confirmation (one that holds
 * money with the step-up, as a request another member approves: UnbindForm, ControlRequests); and the account
 * managers with their e-mail confirmation.
 */
export default function AccountPage() {
  const { t } = useTranslation('broker');
  const describeFailure = useListFailure();
  const { lang } = useParams();
  usePrimeLocale();
  const exchanges = useBrokerLookup((s) => s.exchangeList);
  const { filters, setFilter, paging, setPaging, onPage } = useRecordQuery<Filters>({});
  const [keyword, setKeyword] = useState('');
  const [version, setVersion] = useState(0);
  const page = useLoad(() => accountsApi.page({ pageCondition: paging, queryCondition: filters }), [paging, filters, version]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BrokerAccount | null>(null);
  const [unbinding, setUnbinding] = useState<BrokerAccount | null>(null);
  const askDelete = (row: BrokerAccount) => (Number(row.totalValueUsdt) > 0 ? setUnbinding(row) : setDeleting(row));
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  const done = (text: string) => {
    setNotice({ text, error: false });
    setEditing(null);
    setVersion((v) => v + 1);
  };
  const remove = async (account: BrokerAccount) => {
    try {
      await accountsApi.remove(account.brokerAccountId);
      setDeleting(null);
      done(t('account.deleted', { name: account.subAccountName }));
    } catch (failure) {
      setDeleting(null);
      setNotice({ text: failureText(failure), error: true });
    }
  };

  return (
    <section className="td-broker-page" data-testid="broker-account-page">
      <div className="td-broker-page__head">
        <h1>{t('account.title')}</h1>
        <button type="button" className="td-broker-button" onClick={() => setEditing({ mode: 'create' })} data-testid="account-create">
          {t('account.create')}
        </button>
      </div>
      <FilterBar>
        <FilterSelect name="exchange" label={t('common.exchange')} value={filters.exchangeCode} options={exchanges.map((o) => [o.value, o.label] as const)} onChange={(v) => setFilter('exchangeCode', v)} />
        <FilterSelect name="kind" label={t('common.kind')} value={filters.accountType} options={SUB_ACCOUNT_KINDS.map((k) => [k, t(`kinds.${k}`)] as const)} onChange={(v) => setFilter('accountType', v)} />
        <label>
          {t('account.keyword')}
          <input value={keyword} maxLength={64} onChange={(e) => setKeyword(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && setFilter('keyword', keyword.trim())} data-testid="filter-keyword" />
        </label>
        <button type="button" className="td-broker-button td-broker-button--quiet" onClick={() => setFilter('keyword', keyword.trim())} data-testid="filter-search">
          {t('account.search')}
        </button>
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <Notice text={notice?.text ?? null} error={notice?.error ?? false} testId="account-notice" />
      <ControlRequests kind="unbind" version={version} onDecided={() => setVersion((v) => v + 1)} />
      {unbinding ? (
        <UnbindForm
          account={unbinding}
          onCancel={() => setUnbinding(null)}
          onDone={(reply) => {
            setUnbinding(null);
            done(reply.status === 'applying' ? t('account.unbindPending', { name: unbinding.subAccountName }) : t('account.deleted', { name: unbinding.subAccountName }));
          }}
        />
      ) : null}
      <RecordTable label={t('account.title')} dataKey="brokerAccountId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('account.name')} body={(row: BrokerAccount) => <span data-testid="account-name">{row.subAccountName}</span>} />
        <Column header={t('common.exchange')} body={(row: BrokerAccount) => <ExchangeName code={row.exchangeCode} />} />
        <Column header={t('common.kind')} body={(row: BrokerAccount) => t(`kinds.${row.accountType}`)} />
        <Column header={t('account.uid')} field="subAccountUid" />
        <Column header={t('account.apiKeys')} field="apiKeyCount" className="td-num" headerClassName="td-num" />
        <Column header={t('common.valueUsdt')} className="td-num" headerClassName="td-num" body={(row: BrokerAccount) => formatAssetAmount(row.totalValueUsdt, 'USDT')} />
        <Column header={t('common.remark')} body={(row: BrokerAccount) => <span data-testid="account-remark">{row.remark}</span>} />
        <Column header={t('common.createdAt')} body={(row: BrokerAccount) => formatDateTime(row.createdAt, { zone: true })} />
        <Column
          header={t('common.actions')}
          body={(row: BrokerAccount) => (
            <span className="td-broker-actions">
              <Link to={`/${lang}/brokerManager/account-detail/${row.brokerAccountId}`} data-testid="account-detail-link">
                {t('account.detail')}
              </Link>
              <button type="button" className="td-broker-link" onClick={() => setEditing({ mode: 'edit', account: row })} data-testid="account-edit">
                {t('common.edit')}
              </button>
              <button type="button" className="td-broker-link td-broker-link--danger" onClick={() => askDelete(row)} data-testid="account-delete">
                {t('common.delete')}
              </button>
            </span>
          )}
        />
      </RecordTable>
      {editing ? (
        <AccountForm
          account={editing.mode === 'edit' ? editing.account : null}
          onClose={() => setEditing(null)}
          onDone={(account) => done(editing.mode === 'edit' ? t('account.updated') : t('account.created', { name: account.subAccountName }))}
        />
      ) : null}
      <Modal
        visible={deleting !== null}
        title={t('account.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
        confirmText={t('common.delete')}
        closeText={t('common.cancel')}
        className="td-broker-modal"
      >
        <p data-testid="account-delete-text">{deleting ? t('account.deleteText', { name: deleting.subAccountName, exchange: deleting.exchangeCode }) : null}</p>
      </Modal>
      <ManagersPanel />
    </section>
  );
}
