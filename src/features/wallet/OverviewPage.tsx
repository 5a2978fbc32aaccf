import { fiatAsset } from '../../../contract/fiat-rules.ts';
import { ACCOUNT_KIND_OF, ACCOUNT_TYPE_CODES, ACCOUNT_TYPES } from '../../../contract/accounts.ts';
import type Decimal from 'decimal.js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
// DataTable alone, not the records kit's entry: the wallet's pages do not load the kit's lazily paged table.
import { DataTable } from '../../components/records/DataTable.tsx';
import type { DataColumn } from '../../components/records/data-table-parts.tsx';
import { formatAmount, formatAssetAmount, PLACEHOLDER } from '../../lib/format/index.ts';
import { FormMessage } from '../../components/form/index.ts';
import { TransferModal, useTradingAccount, type AccountKind } from '../trading/shared.ts';
import { describeWalletError } from './errors.ts';
import { useAssets, usePrices, useSupportedAssets } from './hooks.ts';
import { visibleRows, valueAssets, type AccountType, type AccountValuation, type AssetRow } from './valuation.ts';
import { WalletShell } from './WalletShell.tsx';

export type WalletView = 'overview' | 'assetAccount' | 'tradingAccount';

/** Which accounts a view lists: the overview all three, the asset account the capital one, trading the other two. */
const VIEW_ACCOUNTS: Record<WalletView, readonly AccountType[]> = { overview: ACCOUNT_TYPE_CODES, assetAccount: [ACCOUNT_TYPES.capital], tradingAccount: [ACCOUNT_TYPES.trade, ACCOUNT_TYPES.swap] };
const HIDE_KEY = 'td.wallet.hideSmall';

const usd = (d: Decimal | null) => (d ? formatAmount(d.toFixed(2, 1), 2) : PLACEHOLDER);

function readHideSmall(): boolean {
  try {
    return globalThis.localStorage?.getItem(HIDE_KEY) !== 'false'; // spec §3 hiddenAsset: default true
  } catch {
    return true;
  }
}

/**
 * spec §2 wallet/overview, assetAccount and tradingAccount: the total in USD and BTC from live prices,
 * the three accounts of spec §3, and per asset what can be done with it.
 */
/** Fiat currencies go to the bank pages (contract/fiat.ts). */
const isFiat = (asset: string) => fiatAsset(asset) !== undefined;

export function WalletPage({ view }: { view: WalletView }) {
  const { t } = useTranslation('wallet');
  const { lang } = useParams();
  const assets = useAssets();
  const supported = useSupportedAssets();
  const [hideSmall, setHideSmall] = useState(readHideSmall);
  const [transfer, setTransfer] = useState<{ asset: string; from: AccountKind; to: AccountKind } | null>(null);
  const keyId = useTradingAccount();
  const held = useMemo(() => [...new Set(assets.data?.accounts.flatMap((a) => a.balances.map((b) => b.asset)) ?? [])].sort(), [assets.data]);
  const prices = usePrices(held);
  const valuation = useMemo(() => (assets.data ? valueAssets(assets.data, prices) : null), [assets.data, prices]);
  const coins = useMemo(() => new Set(supported.data?.map((s) => s.asset) ?? []), [supported.data]);

  const toggleHide = (on: boolean) => {
    setHideSmall(on);
    try {
      globalThis.localStorage?.setItem(HIDE_KEY, String(on));
    } catch {
      // The choice still holds for this page.
    }
  };

  const shown = valuation?.accounts.filter((a) => VIEW_ACCOUNTS[view].includes(a.accountType)) ?? [];
  const viewTotal = shown.reduce<Decimal | null>((sum, a) => (sum ? sum.plus(a.usd) : a.usd), null);
  const btcPrice = valuation && valuation.btc && !valuation.usd.isZero() ? valuation.usd.div(valuation.btc) : null;
  const viewBtc = viewTotal && valuation?.btc ? (btcPrice ? viewTotal.div(btcPrice) : valuation.btc) : null;

  return (
    <WalletShell title={t(`titles.${view}`)}>
      {assets.error && !assets.data ? <FormMessage text={describeWalletError(t, assets.error).message} /> : null}
      <section className="td-wallet-total" aria-labelledby="wallet-total-label" data-testid="wallet-total">
        <h2 id="wallet-total-label">{t(view === 'overview' ? 'total.all' : 'total.view')}</h2>
        <p className="td-wallet-total-usd">
          <span data-testid="wallet-total-usd">{viewTotal ? usd(viewTotal) : PLACEHOLDER}</span> <span className="td-muted">{t('units.usd')}</span>
        </p>
        <p className="td-muted" data-testid="wallet-total-btc">
          {t('total.btc', { value: viewBtc ? formatAmount(viewBtc.toFixed(8, 1), 8) : PLACEHOLDER })}
        </p>
        {valuation && valuation.unpriced.length > 0 ? <p className="td-field-hint">{t('total.unpriced', { assets: valuation.unpriced.join(', ') })}</p> : null}
        <div className="td-wallet-actions">
          <Link className="td-button td-button-primary" to={`/${lang}/wallet/recharge/coin/BTC`} data-testid="wallet-deposit">
            {t('actions.deposit')}
          </Link>
          <Link className="td-button td-button-secondary" to={`/${lang}/wallet/withdraw/coin/USDT`} data-testid="wallet-withdraw">
            {t('actions.withdraw')}
          </Link>
          <Link className="td-button td-button-secondary" to={`/${lang}/wallet/recharge/fiat/USD`} data-testid="wallet-fiat-deposit">
            {t('actions.fiatDeposit')}
          </Link>
          <Link className="td-button td-button-secondary" to={`/${lang}/wallet/withdraw/fiat/USD`} data-testid="wallet-fiat-withdraw">
            {t('actions.fiatWithdraw')}
          </Link>
          <button type="button" className="td-button td-button-secondary" onClick={() => setTransfer({ asset: 'USDT', from: 'capital', to: 'trade' })}>
            {t('actions.transfer')}
          </button>
        </div>
      </section>

      {view === 'overview' && valuation ? (
        <ul className="td-wallet-accounts" aria-label={t('accounts.label')}>
          {valuation.accounts.map((a) => (
            <li key={a.accountType} data-testid={`wallet-account-${a.accountType}`}>
              <Link to={`/${lang}/wallet/${a.accountType === 1 ? 'assetAccount' : 'tradingAccount'}`}>
                <span>{t(`accounts.${ACCOUNT_KIND_OF[a.accountType]}`)}</span>
                <strong>{t('units.usdValue', { value: usd(a.usd) })}</strong>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <label className="td-wallet-hide">
        <input type="checkbox" checked={hideSmall} onChange={(e) => toggleHide(e.target.checked)} data-testid="wallet-hide-small" />
        {t('hideSmall')}
      </label>

      {shown.map((account) => (
        <AccountTable
          key={account.accountType}
          account={account}
          hideSmall={hideSmall}
          coins={coins}
          lang={lang ?? 'zh-HK'}
          onTransfer={(asset) => setTransfer({ asset, from: ACCOUNT_KIND_OF[account.accountType], to: account.accountType === ACCOUNT_TYPES.capital ? 'trade' : 'capital' })}
        />
      ))}

      {transfer ? (
        <TransferModal visible keyId={keyId} asset={transfer.asset} initial={{ from: transfer.from, to: transfer.to }} onClose={() => setTransfer(null)} onDone={assets.reload} />
      ) : null}
    </WalletShell>
  );
}

function AccountTable({
  account,
  hideSmall,
  coins,
  lang,
  onTransfer,
}: {
  account: AccountValuation;
  hideSmall: boolean;
  coins: ReadonlySet<string>;
  lang: string;
  onTransfer: (asset: string) => void;
}) {
  const { t } = useTranslation('wallet');
  const rows = visibleRows(account.rows, hideSmall);
  const kind = ACCOUNT_KIND_OF[account.accountType];
  const captionId = `wallet-account-${kind}`;
  return (
    <section className="td-wallet-account" aria-labelledby={captionId}>
      <h2 id={captionId}>
        {t(`accounts.${kind}`)} <span className="td-muted">{t('units.approxUsd', { value: usd(account.usd) })}</span>
      </h2>
      <DataTable<AssetRow>
        rows={rows}
        columns={[
          { id: 'asset', header: t('columns.asset'), rowHeader: true, cell: (row) => row.asset },
          ...(['total', 'free', 'locked'] as const).map((col): DataColumn<AssetRow> => ({ id: col, header: t(`columns.${col}`), numeric: true, cellProps: () => ({ 'data-col': col }), cell: (row) => formatAssetAmount(row[col].toFixed(), row.asset) })),
          { id: 'valuation', header: t('columns.valuation'), numeric: true, cell: (row) => usd(row.usd) },
          { id: 'actions', header: t('columns.actions'), cell: (row) => <RowActions asset={row.asset} capital={account.accountType === 1} coins={coins} lang={lang} onTransfer={onTransfer} /> },
        ]}
        rowKey={(row) => row.asset}
        rowProps={(row) => ({ 'data-asset': row.asset })}
        testId={`wallet-table-${account.accountType}`}
        className="td-table td-wallet-table"
        region={{ className: 'td-table-scroll', focusable: false }}
      />
    </section>
  );
}

/** What can be done with an asset of an account: deposit and withdraw (capital account), transfer, trade. */
function RowActions({ asset, capital, coins, lang, onTransfer }: { asset: string; capital: boolean; coins: ReadonlySet<string>; lang: string; onTransfer: (asset: string) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="td-wallet-row-actions">
      {capital && coins.has(asset) ? (
        <>
          <Link to={`/${lang}/wallet/recharge/coin/${asset}`} aria-label={t('actions.depositAsset', { asset })}>
            {t('actions.deposit')}
          </Link>
          <Link to={`/${lang}/wallet/withdraw/coin/${asset}`} aria-label={t('actions.withdrawAsset', { asset })}>
            {t('actions.withdraw')}
          </Link>
        </>
      ) : null}
      {capital && isFiat(asset) ? (
        <>
          <Link to={`/${lang}/wallet/recharge/fiat/${asset}`} aria-label={t('actions.fiatDepositAsset', { asset })}>
            {t('actions.fiatDeposit')}
          </Link>
          <Link to={`/${lang}/wallet/withdraw/fiat/${asset}`} aria-label={t('actions.fiatWithdrawAsset', { asset })}>
            {t('actions.fiatWithdraw')}
          </Link>
        </>
      ) : null}
      <button type="button" className="td-link-button" onClick={() => onTransfer(asset)} aria-label={t('actions.transferAsset', { asset })}>
        {t('actions.transfer')}
      </button>
      {asset !== 'USDT' && coins.has(asset) ? (
        <Link to={`/${lang}/trading/${asset}USDT`} aria-label={t('actions.tradeAsset', { asset })}>
          {t('actions.trade')}
        </Link>
      ) : null}
    </div>
  );
}
