import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BROKER_EXCHANGES, type BrokerExchange } from '../../../../contract/broker-rules.ts';
import { useAddressDelete } from '../../../components/address-book/index.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { FormMessage } from '../../../components/form/index.ts';
import { FilterSelect, PageSizeSelect, type TimeRange, useRecordQuery, RecordTable } from '../../../components/records/index.ts';
import { useListFailure } from '../list-failure.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { AddAddressForm } from './AddAddressForm.tsx';
import { addressApi, type BrokerAddress } from './api.ts';
import { BrokerOnly } from './BrokerOnly.tsx';
import { CodeStep } from './CodeStep.tsx';
import { describeConfigError } from './errors.ts';
import './config.css';

interface Filters extends TimeRange {
  exchange?: BrokerExchange;
  asset?: string;
}
type Notice = { text: string; tone: 'error' | 'success' } | null;

/**
 * addressList (spec §2 broker manager; spec §7 address/*): the organisation's withdrawal address
 * whitelist, filtered by exchange and asset and paged on the server (spec §9: 10, 20, 50, 100). Adding is the
 * address form, then the e-mail code; a pending entry can be verified later from its row. A whitelisted entry can
 * be taken off the whitelist; any entry deleted after a confirmation.
 */
export default function AddressListPage() {
  return (
    <BrokerOnly>
      <AddressList />
    </BrokerOnly>
  );
}

function AddressList() {
  const { t } = useTranslation('broker-config');
  usePrimeLocale();
  const describeFailure = useListFailure();
  const { filters, setFilter, paging, setPaging, onPage } = useRecordQuery<Filters>({});
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const assets = useLoad(() => addressApi.assets(), [version]);
  const page = useLoad(
    () => addressApi.page(paging, { ...(filters.exchange ? { exchange: filters.exchange } : {}), ...(filters.asset ? { asset: filters.asset } : {}) }),
    [paging, filters, version],
  );
  const [adding, setAdding] = useState(false);
  const [verifying, setVerifying] = useState<BrokerAddress | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const act = async (entry: BrokerAddress, call: () => Promise<unknown>, done: string) => {
    setNotice(null);
    try {
      await call();
      setNotice({ text: t(done, { name: entry.name }), tone: 'success' });
    } catch (error) {
      setNotice({ text: describeConfigError(t, error).message, tone: 'error' });
    }
    reload();
  };
  const deletion = useAddressDelete<BrokerAddress>(
    (entry) => void act(entry, () => addressApi.delete(entry.id), 'address.deleted'),
    { title: t('address.deleteTitle'), confirm: (name) => t('address.deleteConfirm', { name }) },
    'address-delete-confirm',
  );

  return (
    <div className="td-broker-config" data-testid="broker-address-list">
      <div className="td-broker-config-head">
        <h1>{t('address.title')}</h1>
        <p className="td-field-hint">{t('address.intro')}</p>
      </div>
      <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
      {verifying ? (
        <CodeStep
          testId="address-code"
          subject={`${verifying.name} · ${verifying.asset} (${verifying.network}) ${verifying.address}`}
          request={() => addressApi.invoke(verifying.id)}
          confirm={async (code) => {
            const done = await addressApi.confirm({ id: verifying.id, ...code });
            setVerifying(null);
            setNotice({ text: t('address.saved', { name: done.name }), tone: 'success' });
            reload();
          }}
          onCancel={() => setVerifying(null)}
        />
      ) : adding && assets.data ? (
        <AddAddressForm
          assets={assets.data}
          onSubmitted={(entry) => {
            setAdding(false);
            setVerifying(entry);
            reload();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div className="td-broker-config-buttons">
          <button type="button" className="td-button td-button-primary" onClick={() => { setNotice(null); setAdding(true); }} data-testid="address-add">
            {t('address.add')}
          </button>
        </div>
      )}
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('address.filters')}>
        <FilterSelect<BrokerExchange>
          name="exchange"
          label={t('address.columns.exchange')}
          value={filters.exchange}
          options={BROKER_EXCHANGES.map((x) => [x, t(`exchanges.${x}`)] as const)}
          onChange={(v) => setFilter('exchange', v)}
        />
        <FilterSelect<string> name="asset" label={t('address.columns.asset')} value={filters.asset} options={(assets.data ?? []).map((a) => [a.asset, a.asset] as const)} onChange={(v) => setFilter('asset', v)} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </form>
      <RecordTable describeFailure={describeFailure} label={t('address.table')} dataKey="id" page={page} paging={paging} onPage={onPage} exportError={null}>
        <Column header={t('address.columns.name')} body={(row: BrokerAddress) => <span data-address-row={row.address}>{row.name}</span>} />
        <Column header={t('address.columns.exchange')} body={(row: BrokerAddress) => t(`exchanges.${row.exchange}`)} />
        <Column header={t('address.columns.asset')} body={(row: BrokerAddress) => `${row.asset} · ${row.network}`} />
        <Column
          header={t('address.columns.address')}
          body={(row: BrokerAddress) => (
            <span className="td-broker-config-address">
              {row.address}
              {row.memo ? <span className="td-field-hint">{t('address.memoShown', { memo: row.memo })}</span> : null}
            </span>
          )}
        />
        <Column header={t('address.columns.type')} body={(row: BrokerAddress) => t(`address.types.${row.addressType}`)} />
        <Column
          header={t('address.columns.status')}
          body={(row: BrokerAddress) => (
            <span className={`td-broker-config-state td-broker-config-state-${row.status}`} data-testid={`address-status-${row.id}`} data-status={row.status}>
              {t(`address.status.${row.status}`)}
            </span>
          )}
        />
        <Column
          header={t('address.columns.created')}
          body={(row: BrokerAddress) => (
            <>
              {formatDateTime(row.createdAt, { zone: true })}
              <span className="td-field-hint">{t('address.createdBy', { email: row.createdBy })}</span>
            </>
          )}
        />
        <Column
          header={t('address.columns.actions')}
          body={(row: BrokerAddress) => (
            <span className="td-broker-config-actions">
              {row.status === 'pending' ? (
                <button type="button" className="td-link-button" aria-label={t('address.actions.verifyNamed', { name: row.name })} onClick={() => { setAdding(false); setVerifying(row); }} data-testid={`address-verify-${row.id}`}>
                  {t('address.actions.verify')}
                </button>
              ) : null}
              {row.status === 'whitelisted' ? (
                <button type="button" className="td-link-button" aria-label={t('address.actions.removeNamed', { name: row.name })} onClick={() => void act(row, () => addressApi.remove(row.id), 'address.removed')} data-testid={`address-remove-${row.id}`}>
                  {t('address.actions.remove')}
                </button>
              ) : null}
              <button type="button" className="td-link-button td-broker-config-danger" aria-label={t('address.actions.deleteNamed', { name: row.name })} onClick={() => deletion.ask(row)} data-testid={`address-delete-${row.id}`}>
                {t('address.actions.delete')}
              </button>
            </span>
          )}
        />
      </RecordTable>
      {deletion.modal}
    </div>
  );
}
