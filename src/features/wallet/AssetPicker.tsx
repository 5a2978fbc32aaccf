import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { SupportedAsset } from './api.ts';
import { useWalletArea } from './area.tsx';

export interface AssetOption {
  asset: string;
  /** Shown instead of the asset's name (e.g. with why it cannot be chosen now). */
  label?: string;
  disabled?: boolean;
}

/** A labelled choice of one asset: the wallet's deposit and withdrawal pages, and the convert form's two sides. */
export function AssetSelect({
  id,
  label,
  testId,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  testId: string;
  value: string;
  options: readonly AssetOption[];
  onChange: (asset: string) => void;
}) {
  return (
    <div className="td-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.asset} value={o.asset} disabled={o.disabled === true}>
            {o.label ?? o.asset}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The coin (or fiat currency) of a deposit or withdrawal page: changing it goes to that asset's page (the route
 * names it).
 */
export function AssetPicker({
  assets,
  current,
  base,
  kind = 'coin',
}: {
  assets: readonly { asset: string }[];
  current: string;
  base: 'recharge' | 'withdraw';
  kind?: 'coin' | 'fiat';
}) {
  const { t } = useTranslation('wallet');
  const { lang } = useParams();
  const navigate = useNavigate();
  const area = useWalletArea();
  return (
    <AssetSelect
      id={`wallet-${kind === 'coin' ? 'asset' : 'fiat'}`}
      label={kind === 'coin' ? t('fields.asset') : t('fiat.currency')}
      testId={`input-${kind === 'coin' ? 'asset' : 'fiat'}`}
      value={current}
      options={assets.map((a) => ({ asset: a.asset }))}
      onChange={(asset) => navigate(`/${lang}/${area.base}/${base}/${kind}/${asset}`)}
    />
  );
}

/** spec §2 wallet/recharge/coin/{asset}, the network first: a radio group, nothing chosen until the person chooses (unless there is one). */
export function NetworkPicker({
  networks,
  value,
  onChange,
  error,
}: {
  networks: SupportedAsset['networks'];
  value: string | null;
  onChange: (network: SupportedAsset['networks'][number]['network']) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('wallet');
  return (
    <fieldset className="td-network-picker" data-testid="network-picker" aria-invalid={error ? true : undefined}>
      <legend>{t('fields.network')}</legend>
      {networks.map((n) => (
        <label key={n.network} className="td-network-option" data-selected={value === n.network}>
          <input type="radio" name="network" value={n.network} checked={value === n.network} onChange={() => onChange(n.network)} data-testid={`network-${n.network}`} />
          <span>{n.label}</span>
        </label>
      ))}
      {error ? (
        <div className="td-field-error" role="alert" data-testid="error-network">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
