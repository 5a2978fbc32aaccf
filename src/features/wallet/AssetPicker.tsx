import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { SupportedAsset } from './api.ts';

/** The coin of a deposit or withdrawal page: changing it goes to that coin's page (the route names it). */
export function AssetPicker({ assets, current, base }: { assets: readonly SupportedAsset[]; current: string; base: 'recharge' | 'withdraw' }) {
  const { t } = useTranslation('wallet');
  const { lang } = useParams();
  const navigate = useNavigate();
  return (
    <div className="td-field">
      <label htmlFor="wallet-asset">{t('fields.asset')}</label>
      <select id="wallet-asset" data-testid="input-asset" value={current} onChange={(e) => navigate(`/${lang}/wallet/${base}/coin/${e.target.value}`)}>
        {assets.map((a) => (
          <option key={a.asset} value={a.asset}>
            {a.asset}
          </option>
        ))}
      </select>
    </div>
  );
}

/** spec-issue "network first": a radio group, nothing chosen until the person chooses (unless there is one). */
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
