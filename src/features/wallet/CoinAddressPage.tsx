import { useTranslation } from 'react-i18next';
import { isValidAddress, type Network } from '../../../contract/chains.ts';
import { ChainFields, checkAddressName, pickNetwork, useFormValues, type AddressColumn } from '../../components/address-book/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import type { FieldErrors } from '../../components/form/index.ts';
import type { StepUpBody, StepUpFactor } from '../../components/step-up/index.ts';
import { HelpLink } from '../help/shared.ts';
import { walletApi, type BookEntry, type SupportedAsset } from './api.ts';
import { useSupportedAssets } from './hooks.ts';
import { ShortValue } from './RecordCells.tsx';
import { BookForm, useBookForm, WalletBook } from './BookParts.tsx';

type AddField = 'name' | 'network' | 'address' | 'memo' | StepUpFactor;
/** The fields a refusal may name (the asset has none of its own: a refusal about it is the form's message). */
const ADD_FIELDS: readonly AddField[] = ['name', 'address', 'memo', 'password', 'emailCode', 'gaCode', 'network'];

/**
 * spec §2 wallet/address/coinAddress: the withdrawal address book and the whitelist switch (spec §1: on by
 * default). Saving an address or switching the whitelist off takes the password, an e-mail code and the
 * Google code; a saved address can be used after a 24-hour lock, shown with its countdown.
 */
export function CoinAddressPage() {
  const { t } = useTranslation('wallet');
  const supported = useSupportedAssets();
  const columns: AddressColumn<BookEntry>[] = [
    { header: t('fields.asset'), cell: (entry) => entry.asset },
    { header: t('fields.network'), cell: (entry) => entry.network },
    {
      header: t('fields.address'),
      cell: (entry) => (
        <>
          <ShortValue value={entry.address} />
          {entry.memo ? <span className="td-muted"> · {entry.memo}</span> : null}
        </>
      ),
    },
    { header: t('book.whitelisted'), cell: (entry) => (entry.whitelisted ? t('book.yes') : t('book.no')) },
  ];

  return (
    <WalletBook<BookEntry>
      title={t('book.title')}
      help={<HelpLink article="withdraw/address-book-whitelist" />}
      load={() => walletApi.addresses({})}
      columns={columns}
      rowData={(entry) => ({ 'data-address': entry.address })}
      addForm={(onSaved) => (supported.data ? <AddAddressForm assets={supported.data} onSaved={onSaved} /> : null)}
      remove={walletApi.deleteAddress}
      texts={{
        add: t('book.add'),
        name: t('fields.name'),
        lockedFor: (entry, time) => t('book.lockedFor', { time, until: formatDateTime(entry.usableAt) }),
        saved: (entry) => t('book.saved', { name: entry.name, time: formatDateTime(entry.usableAt, { zone: true }) }),
      }}
    />
  );
}

function AddAddressForm({ assets, onSaved }: { assets: readonly SupportedAsset[]; onSaved: (entry: BookEntry) => void }) {
  const { t } = useTranslation('wallet');
  const form = useBookForm<AddField>(ADD_FIELDS, { emailUuid: 'emailCode' });
  const { values, set } = useFormValues({ name: '', asset: assets[0]?.asset ?? '', network: '' as Network | '', address: '', memo: '', whitelisted: true }, form.clear);
  const chain = pickNetwork(assets, values.asset, values.network);
  const { network } = chain;
  const { errors } = form;

  const check = (): FieldErrors<AddField> => {
    const name = checkAddressName(values.name);
    return {
      ...(name ? { name } : {}),
      ...(!network
        ? { network: { key: 'wallet:errors.networkRequired' } }
        : !isValidAddress(network.network, values.address.trim())
          ? { address: { key: 'wallet:errors.addressInvalid', params: { network: network.label } } }
          : {}),
    };
  };
  /** The entry as the add call sends it: what the e-mail code is asked for (it approves only that entry). */
  const entry = () =>
    network && isValidAddress(network.network, values.address.trim())
      ? {
          book: 'coin' as const,
          asset: values.asset,
          network: network.network,
          address: values.address.trim(),
          ...(network.memo && values.memo.trim() ? { memo: values.memo.trim() } : {}),
        }
      : null;
  const save = async (factors: StepUpBody) => {
    const saved = entry();
    if (!saved) return;
    const { book: _book, ...fields } = saved;
    onSaved(
      await walletApi.addAddress({
        name: values.name.trim(),
        ...fields,
        whitelisted: values.whitelisted,
        ...factors,
        password: form.stepUp.values.password,
      }),
    );
  };

  return (
    <BookForm form={form} name={{ label: t('fields.name'), value: values.name, onValue: set('name') }} saveText={t('book.save')} entry={entry} onSubmit={(e) => form.submitWithFactors(e, check, save)}>
      <ChainFields
        labels={{ asset: t('fields.asset'), network: t('fields.network'), choose: t('withdraw.choose'), address: t('fields.address'), memo: t('fields.memo') }}
        assets={assets}
        chain={chain}
        values={values}
        errors={errors}
        onValue={(field, value) => set(field)(value)}
      />
      <label className="td-check">
        <input type="checkbox" checked={values.whitelisted} onChange={(e) => set('whitelisted')(e.target.checked)} data-testid="input-whitelisted" />
        {t('book.addToWhitelist')}
      </label>
    </BookForm>
  );
}

export default CoinAddressPage;
