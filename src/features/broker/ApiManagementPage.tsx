import './pages.css';
import { Column } from 'primereact/column';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { MAX_REMARK } from '../../../contract/broker-rules.ts';
import { Modal } from '../../components/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { accountsApi, type ExchangeKey, type KeyQuery } from './accounts-api.ts';
import { keyExpiry } from './expiry.ts';
import { ClaimSecret } from './ClaimSecret.tsx';
import { ControlRequests } from './ControlRequests.tsx';
import './lists.css';
import { FilterBar, FilterSelect, PageSizeSelect, RecordTable, useRecordQuery } from '../../components/records/index.ts';
import { EmptyState } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useBrokerLookup } from './lookup-store.ts';
import { ExchangeName, Notice } from './parts.tsx';
import { failureText } from '../../components/form/index.ts';
import { useListFailure } from './list-failure.tsx';

type Filters = KeyQuery & { days?: never };

/** The clock of the countdowns: now, again every minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * spec §2 broker manager "api-management": the sub-accounts' API keys per exchange (exchangeKey/page), with their
 * permissions, bound IPs and, for a key without bound IPs, the countdown to its end (spec §9: 3 months) and a
 * warning before it; edit a key's remark, delete a key after a confirmation. A key that can move money waits for a
 * second member (the requests above the list), and its maker takes the secret once it is approved (ClaimSecret).
 */
export default function ApiManagementPage() {
  const { t } = useTranslation('broker');
  const describeFailure = useListFailure();
  const { lang } = useParams();
  usePrimeLocale();
  const now = useNow();
  const exchanges = useBrokerLookup((s) => s.exchangeList);
  const { filters, setFilter, paging, setPaging, onPage } = useRecordQuery<Filters>({});
  const [version, setVersion] = useState(0);
  const page = useLoad(() => accountsApi.keys({ pageCondition: paging, queryCondition: filters }), [paging, filters, version]);
  const [editing, setEditing] = useState<ExchangeKey | null>(null);
  const [remark, setRemark] = useState('');
  const [deleting, setDeleting] = useState<ExchangeKey | null>(null);
  const [claiming, setClaiming] = useState<ExchangeKey | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const warnings = (page.data?.list ?? []).filter((k) => {
    const e = keyExpiry(k.expiresAt, now);
    return e.kind === 'left' && e.warn;
  });

  const act = async (work: () => Promise<unknown>, ok: string) => {
    try {
      await work();
      setNotice({ text: ok, error: false });
      setVersion((v) => v + 1);
    } catch (failure) {
      setNotice({ text: failureText(failure), error: true });
    } finally {
      setEditing(null);
      setDeleting(null);
    }
  };

  return (
    <section className="td-broker-page" data-testid="broker-api-management">
      <div className="td-broker-page__head">
        <h1>{t('keys.title')}</h1>
        <Link className="td-broker-button" to={`/${lang}/brokerManager/api`} data-testid="key-create-link">
          {t('keys.create')}
        </Link>
      </div>
      <FilterBar>
        <FilterSelect name="exchange" label={t('common.exchange')} value={filters.exchangeCode} options={exchanges.map((o) => [o.value, o.label] as const)} onChange={(v) => setFilter('exchangeCode', v)} />
        <FilterSelect name="status" label={t('keys.expiry')} value={filters.status} options={(['active', 'expired', 'pending'] as const).map((s) => [s, t(`keys.status.${s}`)] as const)} onChange={(v) => setFilter('status', v)} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      {warnings.map((k) => (
        <p key={k.keyId} className="td-broker-notice td-broker-notice--warn" role="status" data-testid="key-expiry-warning">
          {t('keys.expiringSoon', { account: k.subAccountName, apiKey: k.apiKey, time: formatDateTime(k.expiresAt, { zone: true }) })}
        </p>
      ))}
      <Notice text={notice?.text ?? null} error={notice?.error ?? false} testId="key-notice" />
      <ControlRequests kind="api_key" version={version} onDecided={() => setVersion((v) => v + 1)} />
      {claiming ? <ClaimSecret apiKey={claiming} onClose={(claimed) => (setClaiming(null), claimed && setVersion((v) => v + 1))} /> : null}
      <RecordTable label={t('keys.title')} dataKey="keyId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('common.subAccount')} field="subAccountName" />
        <Column header={t('common.exchange')} body={(row: ExchangeKey) => <ExchangeName code={row.exchangeCode} />} />
        <Column header={t('keys.apiKey')} body={(row: ExchangeKey) => <span className="td-broker-mono" data-testid="key-api-key">{row.apiKey}</span>} />
        <Column header={t('apply.permissions')} body={(row: ExchangeKey) => <span data-testid="key-permissions">{row.permissions.map((p) => t(`permissions.${p}`)).join('、')}</span>} />
        <Column header={t('keys.ipList')} body={(row: ExchangeKey) => <span data-testid="key-ips">{row.ipList.length ? row.ipList.join(', ') : t('keys.noIp')}</span>} />
        <Column header={t('keys.expiry')} body={(row: ExchangeKey) => (row.status === 'pending' ? <span data-testid="key-expiry">{t('keys.status.pending')}</span> : <ExpiryCell expiresAt={row.expiresAt} now={now} />)} />
        <Column header={t('common.remark')} body={(row: ExchangeKey) => <span data-testid="key-remark">{row.remark}</span>} />
        <Column
          header={t('common.actions')}
          body={(row: ExchangeKey) => (
            <span className="td-broker-actions">
              {row.secretToClaim ? (
                <button type="button" className="td-broker-link" onClick={() => setClaiming(row)} data-testid="key-claim">
                  {t('keys.claim')}
                </button>
              ) : null}
              <button type="button" className="td-broker-link" onClick={() => (setRemark(row.remark), setEditing(row))} data-testid="key-edit-remark">
                {t('keys.editRemark')}
              </button>
              <button type="button" className="td-broker-link td-broker-link--danger" onClick={() => setDeleting(row)} data-testid="key-delete">
                {t('common.delete')}
              </button>
            </span>
          )}
        />
      </RecordTable>
      <Modal
        visible={editing !== null}
        title={t('keys.editRemark')}
        onClose={() => setEditing(null)}
        onConfirm={() => editing && remark.length <= MAX_REMARK && void act(() => accountsApi.updateKeyRemark(editing.keyId, remark), t('keys.remarkSaved'))}
        confirmText={t('common.save')}
        closeText={t('common.cancel')}
        confirmDisabled={remark.length > MAX_REMARK}
        className="td-broker-modal"
      >
        <label className="td-broker-form">
          {t('common.remark')}
          <textarea value={remark} rows={3} maxLength={MAX_REMARK} onChange={(e) => setRemark(e.target.value)} data-testid="key-remark-input" />
        </label>
      </Modal>
      <Modal
        visible={deleting !== null}
        title={t('keys.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void act(() => accountsApi.removeKey(deleting.keyId), t('keys.deleted'))}
        confirmText={t('common.delete')}
        closeText={t('common.cancel')}
        className="td-broker-modal"
      >
        <p>{deleting ? t('keys.deleteText', { apiKey: deleting.apiKey }) : null}</p>
      </Modal>
    </section>
  );
}

function ExpiryCell({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t } = useTranslation('broker');
  const expiry = keyExpiry(expiresAt, now);
  if (expiry.kind === 'none') return <span data-testid="key-expiry">{t('keys.noExpiry')}</span>;
  if (expiry.kind === 'expired') return <span className="td-broker-danger" data-testid="key-expiry">{t('keys.expired')}</span>;
  return (
    <span className={expiry.warn ? 'td-broker-warn' : undefined} data-testid="key-expiry" data-warn={expiry.warn}>
      {t('keys.countdown', { days: expiry.days, hours: expiry.hours })}
    </span>
  );
}
