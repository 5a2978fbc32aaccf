import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidAddress, type Network } from '../../../contract/chains.ts';
import { AddressBook, type AddressColumn } from '../../components/address-book/index.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { validateAddressName, VALIDATION_NAMESPACE } from '../../lib/validation/index.ts';
import { Field, FormMessage, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../components/form/index.ts';
import { useStepUp, type StepUpFactor } from '../../components/step-up/index.ts';
import { HelpLink } from '../help/shared.ts';
import { walletApi, type BookEntry, type SupportedAsset } from './api.ts';
import { describeWalletError } from './errors.ts';
import { useSupportedAssets } from './hooks.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ShortValue } from './RecordCells.tsx';
import { BOOK_STEP_UP, BookStepUpFields, useBookTexts, WhitelistSwitch } from './BookParts.tsx';
import { WalletShell } from './WalletShell.tsx';

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
  const book = useLoad(() => walletApi.addresses({}), []);
  const whitelist = useLoad(() => walletApi.whitelist(), []);
  const supported = useSupportedAssets();
  const texts = useBookTexts({
    add: t('book.add'),
    name: t('fields.name'),
    lockedFor: (entry, time) => t('book.lockedFor', { time, until: formatDateTime(entry.usableAt) }),
    saved: (entry) => t('book.saved', { name: entry.name, time: formatDateTime(entry.usableAt, { zone: true }) }),
  });
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
    <WalletShell title={t('book.title')} actions={<HelpLink article="withdraw/address-book-whitelist" />}>
      <WhitelistSwitch on={whitelist.data?.whitelistOn ?? null} onChanged={whitelist.reload} />
      <AddressBook<BookEntry>
        entries={book.data}
        loadError={book.error ? describeWalletError(t, book.error).message : null}
        columns={columns}
        rowData={(entry) => ({ 'data-address': entry.address })}
        addForm={(onSaved) => (supported.data ? <AddAddressForm assets={supported.data} onSaved={onSaved} /> : null)}
        remove={walletApi.deleteAddress}
        onChanged={book.reload}
        describeFailure={(failure) => describeWalletError(t, failure).message}
        texts={texts}
      />
    </WalletShell>
  );
}

function AddAddressForm({ assets, onSaved }: { assets: readonly SupportedAsset[]; onSaved: (entry: BookEntry) => void }) {
  const { t } = useTranslation('wallet');
  const [form, setForm] = useState({ name: '', asset: assets[0]?.asset ?? '', network: '' as Network | '', address: '', memo: '', whitelisted: true });
  const { errors, setErrors, place } = useFieldErrors<AddField>('book', ADD_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const stepUp = useStepUp({ factors: BOOK_STEP_UP });
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
    const name = validateAddressName(form.name);
    const found: FieldErrors<AddField> = { ...stepUp.check() };
    if (name) found.name = { key: `${VALIDATION_NAMESPACE}:${name.key}`, ...(name.params ? { params: name.params } : {}) };
    if (!network) found.network = { key: 'wallet:errors.networkRequired' };
    else if (!isValidAddress(network.network, form.address.trim())) found.address = { key: 'wallet:errors.addressInvalid', params: { network: network.label } };
    for (const key of Object.keys(found) as Array<keyof typeof found>) if (!found[key]) delete found[key];
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !network || !factors) return;
    const outcome = await run(async () => {
      try {
        const saved = await walletApi.addAddress({
          name: form.name.trim(),
          asset: form.asset,
          network: network.network,
          address: form.address.trim(),
          ...(network.memo && form.memo.trim() ? { memo: form.memo.trim() } : {}),
          whitelisted: form.whitelisted,
          ...factors,
          password: stepUp.values.password,
        });
        onSaved(saved);
      } catch (error) {
        const described = describeWalletError(t, error, { emailUuid: 'emailCode' });
        stepUp.learn(error);
        if (!place(described.field, described.message)) setMessage(described.message);
        stepUp.clearGaCode();
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const issue = errors.network;
  return (
    <form className="td-wallet-form td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="book-add-form">
      <TextField name="name" label={t('fields.name')} autoComplete="off" value={form.name} onValue={set('name')} error={errors.name} hint={t('book.nameRule')} />
      <Field name="asset" label={t('fields.asset')}>
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
      <Field name="network" label={t('fields.network')} error={issue}>
        {(aria) => (
          <select {...aria} data-testid="input-network" value={network?.network ?? ''} onChange={(e) => set('network')(e.target.value as Network)}>
            <option value="">{t('withdraw.choose')}</option>
            {networks.map((n) => (
              <option key={n.network} value={n.network}>
                {n.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField name="address" label={t('fields.address')} autoComplete="off" spellCheck={false} value={form.address} onValue={set('address')} error={errors.address} />
      {network?.memo ? <TextField name="memo" label={t('fields.memo')} autoComplete="off" value={form.memo} onValue={set('memo')} error={errors.memo} /> : null}
      <label className="td-check">
        <input type="checkbox" checked={form.whitelisted} onChange={(e) => set('whitelisted')(e.target.checked)} data-testid="input-whitelisted" />
        {t('book.addToWhitelist')}
      </label>
      <BookStepUpFields stepUp={stepUp} errors={errors} businessType="addAddress" />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="book-add-submit">
        {submitting ? t('common.processing') : t('book.save')}
      </button>
    </form>
  );
}

export default CoinAddressPage;
