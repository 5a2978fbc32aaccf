import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { FormMessage } from '../../components/form/index.ts';
import { formatAssetAmount } from '../../lib/format/index.ts';
import { HelpLink } from '../help/shared.ts';
import { walletApi, type Network, type SupportedAsset } from './api.ts';
import { AssetPicker, NetworkPicker } from './AssetPicker.tsx';
import { CopyField } from './CopyField.tsx';
import { DeclareDeposit } from './DeclareDeposit.tsx';
import { describeWalletError, errorMessage } from './errors.ts';
import { useSupportedAssets } from './hooks.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useWalletArea } from './area.tsx';
import { RecentRecords } from './RecentRecords.tsx';
import { WalletShell } from './WalletShell.tsx';

/**
 * spec §2 wallet/recharge/coin/{asset}: the network first; then its warning, minimum and confirmations;
 * then the address (and memo where the chain needs one), each with its QR code and copy button; and the
 * latest deposits of the coin, their confirmations counting up.
 */
export function RechargeCoinPage() {
  const { t } = useTranslation('wallet');
  const { asset = '', lang } = useParams();
  const supported = useSupportedAssets();
  const entry = supported.data?.find((a) => a.asset === asset) ?? null;
  const records = useLoad(() => walletApi.coinRecords({ pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { type: 'deposit', asset } }), [asset], 5_000);

  return (
    <WalletShell title={t('deposit.title', { asset })} actions={<HelpLink article="recharge/how-to-deposit" />}>
      {supported.error ? <FormMessage text={describeWalletError(t, supported.error).message} /> : null}
      <div className="td-wallet-form" data-testid="recharge-coin">
        {supported.data ? <AssetPicker assets={supported.data} current={asset} base="recharge" /> : null}
        {supported.data && !entry ? <FormMessage text={t('deposit.unsupported', { asset })} /> : null}
        {entry ? <DepositTarget key={asset} entry={entry} /> : null}
      </div>
      {entry ? <DeclareDeposit key={asset} entry={entry} /> : null}
      <section aria-labelledby="recent-deposits">
        <h2 id="recent-deposits">{t('deposit.recent')}</h2>
        <RecentRecords rows={records.data?.list ?? []} loaded={records.data !== null} />
        <Link to={`/${lang}/record/coin`}>{t('deposit.allRecords')}</Link>
      </section>
    </WalletShell>
  );
}

/** One coin's networks and, once one is chosen, its address (a new coin remounts it with a clean state). */
function DepositTarget({ entry }: { entry: SupportedAsset }) {
  const { t } = useTranslation('wallet');
  const { depositAddress } = useWalletArea();
  const asset = entry.asset;
  // A coin with one network needs no choice; with several, nothing is shown until one is chosen.
  const [network, setNetwork] = useState<Network | null>(entry.networks.length === 1 ? entry.networks[0]!.network : null);
  const address = useLoad(() => (network ? depositAddress({ asset, network }) : Promise.resolve(null)), [asset, network, depositAddress]);
  const info = entry.networks.find((n) => n.network === network) ?? null;
  const shown = address.data && address.data.network === network ? address.data : null;

  return (
    <>
      <NetworkPicker networks={entry.networks} value={network} onChange={setNetwork} />
      {info ? (
        <div className="td-notice td-notice-warning" data-testid="deposit-warning">
          <p>{t('deposit.warning', { asset, network: info.label })}</p>
          <dl className="td-wallet-facts">
            <dt>{t('deposit.minimum')}</dt>
            <dd data-testid="deposit-min">{t('units.amount', { value: formatAssetAmount(info.depositMin, asset), asset })}</dd>
            <dt>{t('deposit.confirmations')}</dt>
            <dd data-testid="deposit-confirmations">{t('deposit.confirmationsValue', { n: info.confirmations })}</dd>
          </dl>
        </div>
      ) : null}
      {address.error ? <FormMessage {...errorMessage(describeWalletError(t, address.error, {}, 'deposit'))} /> : null}
      {shown ? (
        <div className="td-deposit-targets">
          <CopyField name="address" label={t('deposit.address', { network: info?.label ?? shown.network })} value={shown.address} />
          {shown.memo ? (
            <>
              <p className="td-notice td-notice-warning">{t('deposit.memoWarning')}</p>
              <CopyField name="memo" label={t('deposit.memo')} value={shown.memo} />
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export default RechargeCoinPage;
