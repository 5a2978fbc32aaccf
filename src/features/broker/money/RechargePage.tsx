import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../account/shared.ts';
import { FormMessage } from '../../../components/form/index.ts';
import { useCopy } from '../../wallet/shared.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../../../components/records/records.css';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { accountApi, type DepositAddress } from './api.ts';
import './locale.ts';
import './money.css';

/**
 * recharge (spec §2 broker manager; spec §7 depositAddress/list): a sub-account's deposit addresses on
 * its exchange, one per asset and network, each with its memo where the network has one and a copy button.
 * The sub-account comes from the organisation's list (spec §3 accountList); the asset filter narrows the list.
 */
export default function RechargePage() {
  return (
    <BrokerOnly>
      <Recharge />
    </BrokerOnly>
  );
}

function Recharge() {
  const { t } = useTranslation('broker-money');
  const accounts = useLoad(() => accountApi.list(), []);
  const [chosen, setChosen] = useState('');
  const [asset, setAsset] = useState('');
  const accountId = chosen || accounts.data?.[0]?.brokerAccountId || '';
  const addresses = useLoad(async () => (accountId ? accountApi.depositAddresses({ brokerAccountId: accountId }) : []), [accountId]);
  const assets = [...new Set((addresses.data ?? []).map((a) => a.asset))].sort();
  const shown = (addresses.data ?? []).filter((a) => !asset || a.asset === asset);
  const failure = accounts.error ?? addresses.error;

  return (
    <div className="td-broker-money" data-testid="broker-recharge">
      <div className="td-broker-money-head">
        <h1>{t('recharge.title')}</h1>
        <p className="td-field-hint">{t('recharge.intro')}</p>
      </div>
      <FormMessage text={failure ? t('common.failed', { message: describeError(t, failure).message }) : null} />
      <form className="td-record-filters td-broker-money-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('common.filters')}>
        <AccountPicker name="account" label={t('common.subAccount')} accounts={accounts.data ?? []} value={accountId} onChange={(id) => { setChosen(id); setAsset(''); }} />
        <label>
          {t('common.asset')}
          <select data-testid="filter-asset" value={asset} onChange={(e) => setAsset(e.target.value)}>
            <option value="">{t('common.all')}</option>
            {assets.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      </form>
      {addresses.loading && !addresses.data ? (
        <p role="status">{t('common.loading')}</p>
      ) : shown.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="td-broker-money-addresses" aria-label={t('recharge.list')} data-testid="recharge-addresses">
          {shown.map((a) => (
            <AddressCard key={`${a.asset}-${a.network}`} entry={a} />
          ))}
        </ul>
      )}
      <p className="td-field-hint">{t('recharge.note')}</p>
    </div>
  );
}

function AddressCard({ entry }: { entry: DepositAddress }) {
  const { t } = useTranslation('broker-money');
  const address = useCopy(entry.address);
  const memo = useCopy(entry.memo ?? '');
  const name = `${entry.asset}-${entry.network}`;
  return (
    <li className="td-broker-money-card" data-testid={`recharge-${name}`}>
      <h2>{t('recharge.card', { asset: entry.asset, network: entry.network })}</h2>
      <span className="td-field-hint">{t('recharge.address')}</span>
      <code className="td-broker-money-code" data-testid={`recharge-address-${name}`}>
        {entry.address}
      </code>
      <span className="td-broker-money-copy">
        <button type="button" className="td-button td-button-secondary" aria-label={t('recharge.copyNamed', { what: t('recharge.address'), name })} onClick={() => void address.copy()} data-testid={`copy-address-${name}`}>
          {t('recharge.copy')}
        </button>
        <span role="status" className="td-field-hint">
          {address.copied === 'ok' ? t('recharge.copied') : address.copied === 'failed' ? t('recharge.copyFailed') : ''}
        </span>
      </span>
      {entry.memo ? (
        <>
          <span className="td-field-hint">{t('recharge.memo')}</span>
          <code className="td-broker-money-code" data-testid={`recharge-memo-${name}`}>
            {entry.memo}
          </code>
          <span className="td-broker-money-copy">
            <button type="button" className="td-button td-button-secondary" aria-label={t('recharge.copyNamed', { what: t('recharge.memo'), name })} onClick={() => void memo.copy()}>
              {t('recharge.copy')}
            </button>
            <span role="status" className="td-field-hint">
              {memo.copied === 'ok' ? t('recharge.copied') : memo.copied === 'failed' ? t('recharge.copyFailed') : ''}
            </span>
          </span>
          <p className="td-field-hint td-broker-money-warn">{t('recharge.memoWarn')}</p>
        </>
      ) : null}
    </li>
  );
}
