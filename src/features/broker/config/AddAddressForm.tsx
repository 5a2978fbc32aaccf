import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BROKER_EXCHANGES, type BrokerExchange } from '../../../../contract/broker-rules.ts';
import { BROKER_ADDRESS_TYPES, type BrokerAddressType } from '../../../../contract/broker-config-rules.ts';
import type { Network } from '../../../../contract/chains.ts';
import { Field, FormMessage, TextField, useFieldErrors, useSubmit } from '../../../components/form/index.ts';
import { addressApi, type AddressAsset, type BrokerAddress } from './api.ts';
import { describeConfigError } from './errors.ts';
import { checkAddressForm } from './forms.ts';
import { FormButtons } from './FormButtons.tsx';

type AddField = 'exchange' | 'asset' | 'network' | 'address' | 'memo' | 'name' | 'addressType';
const FIELDS: readonly AddField[] = ['exchange', 'asset', 'network', 'address', 'memo', 'name', 'addressType'];

/**
 * The first step of adding a whitelist address: exchange, asset, network, address (checked per chain before the
 * call, and by the sandbox again), memo where the network has one, name (spec §5: 4 to 20 characters) and whose
 * address it is. The sandbox keeps it pending; `onSubmitted` moves on to the e-mail code.
 */
export function AddAddressForm({ assets, onSubmitted, onCancel }: { assets: readonly AddressAsset[]; onSubmitted: (entry: BrokerAddress) => void; onCancel: () => void }) {
  const { t } = useTranslation('broker-config');
  const [form, setForm] = useState({
    exchange: 'binance' as BrokerExchange,
    asset: assets[0]?.asset ?? '',
    network: '' as Network | '',
    address: '',
    memo: '',
    name: '',
    addressType: 'broker' as BrokerAddressType,
  });
  const { errors, setErrors, place } = useFieldErrors<AddField>('address', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const networks = assets.find((a) => a.asset === form.asset)?.networks ?? [];
  const network = networks.find((n) => n.network === form.network) ?? (networks.length === 1 ? networks[0]! : null);

  const set = <K extends keyof typeof form>(field: K) => (value: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'asset' ? { network: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = checkAddressForm({ network, address: form.address, name: form.name });
    setErrors(found);
    if (Object.keys(found).length > 0 || !network) return;
    const outcome = await run(async () => {
      try {
        const entry = await addressApi.submit({
          exchange: form.exchange,
          asset: form.asset,
          network: network.network,
          address: form.address.trim(),
          ...(network.memo && form.memo.trim() ? { memo: form.memo.trim() } : {}),
          name: form.name.trim(),
          addressType: form.addressType,
        });
        onSubmitted(entry);
      } catch (error) {
        const described = describeConfigError(t, error, network.label);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('account:errors.clickOnce'));
  };

  return (
    <form className="td-form td-broker-config-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="address-add-form" aria-labelledby="address-add-title">
      <h2 id="address-add-title">{t('address.form.title')}</h2>
      <Field name="exchange" label={t('address.form.exchange')} error={errors.exchange}>
        {(aria) => (
          <select {...aria} data-testid="input-exchange" value={form.exchange} onChange={(e) => set('exchange')(e.target.value as BrokerExchange)}>
            {BROKER_EXCHANGES.map((x) => (
              <option key={x} value={x}>
                {t(`exchanges.${x}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="asset" label={t('address.form.asset')} error={errors.asset}>
        {(aria) => (
          <select {...aria} data-testid="input-asset" value={form.asset} onChange={(e) => set('asset')(e.target.value)}>
            {assets.map((a) => (
              <option key={a.asset} value={a.asset}>
                {a.asset}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="network" label={t('address.form.network')} error={errors.network}>
        {(aria) => (
          <select {...aria} data-testid="input-network" value={network?.network ?? ''} onChange={(e) => set('network')(e.target.value as Network)}>
            <option value="">{t('address.form.choose')}</option>
            {networks.map((n) => (
              <option key={n.network} value={n.network}>
                {n.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField name="address" label={t('address.form.address')} autoComplete="off" spellCheck={false} value={form.address} onValue={set('address')} error={errors.address} />
      {network?.memo ? <TextField name="memo" label={t('address.form.memo')} autoComplete="off" value={form.memo} onValue={set('memo')} error={errors.memo} /> : null}
      <TextField name="name" label={t('address.form.name')} autoComplete="off" value={form.name} onValue={set('name')} error={errors.name} hint={t('address.form.nameHint')} />
      <Field name="addressType" label={t('address.form.type')} error={errors.addressType}>
        {(aria) => (
          <select {...aria} data-testid="input-addressType" value={form.addressType} onChange={(e) => set('addressType')(e.target.value as BrokerAddressType)}>
            {BROKER_ADDRESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`address.types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormMessage text={message} />
      <FormButtons submitting={submitting} submitText={t('address.form.next')} onCancel={onCancel} testId="address-add-next" />
    </form>
  );
}
