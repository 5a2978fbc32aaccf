import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { SupportedAsset } from './api.ts';

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
  const id = `wallet-${kind === 'coin' ? 'asset' : 'fiat'}`;
  return (
    <div className="td-field">
      <label htmlFor={id}>{kind === 'coin' ? t('fields.asset') : t('fiat.currency')}</label>
      <select id={id} data-testid={`input-${kind === 'coin' ? 'asset' : 'fiat'}`} value={current} onChange={(e) => navigate(`/${lang}/wallet/${base}/${kind}/${e.target.value}`)}>
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
