import './pages.css';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { BROKER_WALLETS, type BrokerWallet } from '../../../contract/broker-rules.ts';
import { formatAssetAmount } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { accountsApi, type BrokerBalance, type DepositAddress } from './accounts-api.ts';
import './lists.css';
import { DataTable, PageSizeSelect, RecordTable, useRecordQuery } from '../../components/records/index.ts';
import { EmptyState } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ExchangeName, LoadError } from './parts.tsx';
import { useListFailure } from './list-failure.tsx';

/**
 * spec §2 broker manager "account-detail/{brokerAccountId}": one sub-account — its balances per wallet
 * (account/capital/*Page, server-paged, valued in USDT) and its deposit addresses (depositAddress/list).
 */
export default function AccountDetailPage() {
  const { t } = useTranslation('broker');
  const describeFailure = useListFailure();
  const { lang, brokerAccountId = '' } = useParams();
  usePrimeLocale();
  const account = useLoad(() => accountsApi.get(brokerAccountId), [brokerAccountId]);
  const [wallet, setWallet] = useState<BrokerWallet>('spot');
  const [hideZero, setHideZero] = useState(false);
  const { paging, setPaging, onPage } = useRecordQuery({});
  const balances = useLoad(
    () => accountsApi.walletPage(wallet, { pageCondition: paging, queryCondition: { brokerAccountId, ...(hideZero ? { hideZero } : {}) } }),
    [wallet, paging, brokerAccountId, hideZero],
  );
  const addresses = useLoad(() => accountsApi.depositAddresses(brokerAccountId), [brokerAccountId]);
  const choose = (next: BrokerWallet) => {
    setWallet(next);
    setPaging({ pageNum: 1, pageSize: paging.pageSize });
  };

  return (
    <section className="td-broker-page" data-testid="broker-account-detail">
      <Link to={`/${lang}/brokerManager/account`} className="td-broker-back">
        {t('detail.back')}
      </Link>
      <h1>
        {t('detail.title')}
        {account.data ? ` · ${account.data.subAccountName}` : ''}
      </h1>
      <LoadError error={account.error} />
      {account.data ? (
        <dl className="td-broker-facts" data-testid="detail-facts">
          <dt>{t('common.exchange')}</dt>
          <dd>
            <ExchangeName code={account.data.exchangeCode} />
          </dd>
          <dt>{t('common.kind')}</dt>
          <dd>{t(`kinds.${account.data.accountType}`)}</dd>
          <dt>{t('account.uid')}</dt>
          <dd>{account.data.subAccountUid}</dd>
          <dt>{t('common.valueUsdt')}</dt>
          <dd data-testid="detail-total">{formatAssetAmount(account.data.totalValueUsdt, 'USDT')}</dd>
        </dl>
      ) : null}

      <h2>{t('detail.balances')}</h2>
      <div className="td-broker-filters td-record-filters">
        <div className="td-broker-segments" role="group" aria-label={t('detail.balances')}>
          {BROKER_WALLETS.map((w) => (
            <button key={w} type="button" aria-pressed={wallet === w} className={wallet === w ? 'is-on' : undefined} onClick={() => choose(w)} data-testid={`wallet-${w}`}>
              {t(`wallets.${w}`)}
            </button>
          ))}
        </div>
        <label className="td-broker-check">
          <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} />
          {t('detail.hideZero')}
        </label>
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </div>
      <RecordTable label={t(`wallets.${wallet}`)} dataKey="asset" page={balances} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('common.asset')} body={(row: BrokerBalance) => <span data-testid="balance-asset">{row.asset}</span>} />
        <Column header={t('detail.free')} className="td-num" headerClassName="td-num" body={(row: BrokerBalance) => formatAssetAmount(row.free, row.asset)} />
        <Column header={t('detail.locked')} className="td-num" headerClassName="td-num" body={(row: BrokerBalance) => formatAssetAmount(row.locked, row.asset)} />
        <Column header={t('detail.totalAmount')} className="td-num" headerClassName="td-num" body={(row: BrokerBalance) => formatAssetAmount(row.total, row.asset)} />
        <Column header={t('common.valueUsdt')} className="td-num" headerClassName="td-num" body={(row: BrokerBalance) => <span data-testid="balance-value">{formatAssetAmount(row.valueUsdt, 'USDT')}</span>} />
      </RecordTable>
      {balances.data ? (
        <p className="td-broker-sum" data-testid="wallet-total">
          {t('detail.walletTotal', { value: formatAssetAmount(balances.data.totalValueUsdt, 'USDT') })}
        </p>
      ) : null}

      <h2>{t('detail.addresses')}</h2>
      <LoadError error={addresses.error} />
      {addresses.data ? (
        <DataTable<DepositAddress>
          rows={addresses.data}
          rowKey={(a) => `${a.asset}-${a.network}`}
          testId="deposit-addresses"
          className="td-broker-table td-record-table"
          region={{ className: 'td-broker-scroll', label: t('detail.addresses') }}
          columns={[
            { id: 'asset', header: t('common.asset'), cell: (a) => a.asset },
            { id: 'network', header: t('detail.network'), cell: (a) => a.network },
            { id: 'address', header: t('detail.address'), cell: (a) => a.address, cellProps: () => ({ className: 'td-broker-mono' }) },
            { id: 'memo', header: t('detail.memo'), cell: (a) => a.memo ?? '' },
          ]}
        />
      ) : null}
    </section>
  );
}
