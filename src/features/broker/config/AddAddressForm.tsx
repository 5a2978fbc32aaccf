import { useTranslation } from 'react-i18next';
import { BROKER_EXCHANGES, type BrokerExchange } from '../../../../contract/broker-rules.ts';
import { BROKER_ADDRESS_TYPES, type BrokerAddressType } from '../../../../contract/broker-config-rules.ts';
import type { Network } from '../../../../contract/chains.ts';
import { AddressForm, ChainFields, NameField, pickNetwork, useFormValues, useStepUpForm } from '../../../components/address-book/index.ts';
import { Field } from '../../../components/form/index.ts';
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
  const form = useStepUpForm<AddField>({ scope: 'address', fields: FIELDS, describe: (error) => describeConfigError(t, error, network?.label), clickOnce: t('account:errors.clickOnce') });
  const { values, set } = useFormValues(
    { exchange: 'binance' as BrokerExchange, asset: assets[0]?.asset ?? '', network: '' as Network | '', address: '', memo: '', name: '', addressType: 'broker' as BrokerAddressType },
    form.clear,
  );
  const chain = pickNetwork(assets, values.asset, values.network);
  const { network } = chain;
  const { errors } = form;

  const submit = async () => {
    if (!network) return;
    onSubmitted(
      await addressApi.submit({
        exchange: values.exchange,
        asset: values.asset,
        network: network.network,
        address: values.address.trim(),
        ...(network.memo && values.memo.trim() ? { memo: values.memo.trim() } : {}),
        name: values.name.trim(),
        addressType: values.addressType,
      }),
    );
  };

  return (
    <AddressForm
      className="td-form td-broker-config-form"
      testId="address-add-form"
      title={{ id: 'address-add-title', text: t('address.form.title') }}
      onSubmit={(e) => form.submit(e, () => checkAddressForm({ network, address: values.address, name: values.name }), submit)}
      message={form.message}
      buttons={<FormButtons submitting={form.submitting} submitText={t('address.form.next')} onCancel={onCancel} testId="address-add-next" />}
    >
      <Field name="exchange" label={t('address.form.exchange')} error={errors.exchange}>
        {(aria) => (
          <select {...aria} data-testid="input-exchange" value={values.exchange} onChange={(e) => set('exchange')(e.target.value as BrokerExchange)}>
            {BROKER_EXCHANGES.map((x) => (
              <option key={x} value={x}>
                {t(`exchanges.${x}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ChainFields
        labels={{ asset: t('address.form.asset'), network: t('address.form.network'), choose: t('address.form.choose'), address: t('address.form.address'), memo: t('address.form.memo') }}
        assets={assets}
        chain={chain}
        values={values}
        errors={errors}
        onValue={(field, value) => set(field)(value)}
      />
      <NameField label={t('address.form.name')} hint={t('address.form.nameHint')} value={values.name} onValue={set('name')} error={errors.name} />
      <Field name="addressType" label={t('address.form.type')} error={errors.addressType}>
        {(aria) => (
          <select {...aria} data-testid="input-addressType" value={values.addressType} onChange={(e) => set('addressType')(e.target.value as BrokerAddressType)}>
            {BROKER_ADDRESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`address.types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </AddressForm>
  );
}
