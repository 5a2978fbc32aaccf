import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form/index.ts';
import { formatAssetAmount } from '../../lib/format/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { walletApi, type CoinRecord, type Network, type SupportedAsset } from './api.ts';

const TX_HASH = /^[A-Za-z0-9]{16,100}$/;

/**
 * Under the deposit address: the coin's capital-account balance (spec §7 accountCapital/list) and, for a deposit
 * that does not show, a look-up by its transaction hash (spec §7 submitDepositRecord): the deposit's record with
 * its state, or a message that no deposit with that hash reached the user's address. Nothing is credited here;
 * the chain's confirmations credit the deposit.
 */
export function DeclareDeposit({ entry }: { entry: SupportedAsset }) {
  const { t } = useTranslation('wallet');
  const asset = entry.asset;
  const capital = useLoad(() => walletApi.capital({ asset }), [asset], 5_000);
  const [network, setNetwork] = useState<Network>(entry.networks[0]!.network);
  const [txHash, setTxHash] = useState('');
  const [found, setFound] = useState<CoinRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = TX_HASH.test(txHash.trim());
  const row = capital.data?.[0];

  return (
    <section aria-labelledby="declare-deposit" data-testid="declare-deposit">
      <p data-testid="capital-balance">
        {t('declare.balance', { value: formatAssetAmount(row?.free ?? '0', asset), asset })}
        {row && row.locked !== '0' ? ` ${t('declare.held', { value: formatAssetAmount(row.locked, asset), asset })}` : ''}
      </p>
      <h2 id="declare-deposit">{t('declare.title')}</h2>
      <form
        className="td-wallet-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          setBusy(true);
          setError(null);
          setFound(null);
          walletApi
            .declareDeposit({ asset, network, txHash: txHash.trim() })
            .then(setFound, () => setError(t('declare.notFound')))
            .finally(() => setBusy(false));
        }}
      >
        <label>
          {t('declare.network')}
          <select value={network} data-testid="declare-network" onChange={(e) => setNetwork(e.target.value as Network)}>
            {entry.networks.map((n) => (
              <option key={n.network} value={n.network}>
                {n.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('declare.txHash')}
          <input value={txHash} maxLength={100} data-testid="declare-txhash" aria-invalid={txHash !== '' && !valid} onChange={(e) => setTxHash(e.target.value)} />
        </label>
        {txHash !== '' && !valid ? <FormMessage text={t('declare.invalidHash')} /> : null}
        <button type="submit" className="td-button" disabled={busy || !valid} data-testid="declare-submit">
          {t('declare.submit')}
        </button>
      </form>
      {error ? <FormMessage text={error} /> : null}
      {found ? (
        <p role="status" data-testid="declare-found">
          {t('declare.found', { recordId: found.recordId, amount: formatAssetAmount(found.amount, found.asset), asset: found.asset, status: t(`status.${found.status}`) })}
        </p>
      ) : null}
    </section>
  );
}
