import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseBankField } from '../../../contract/fiat-rules.ts';
import { AddressBook, type AddressColumn } from '../../components/address-book/index.ts';
import { validateAddressName, VALIDATION_NAMESPACE } from '../../lib/validation/index.ts';
import { Field, FormMessage, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../components/form/index.ts';
import { useStepUp, type StepUpFactor } from '../../components/step-up/index.ts';
import { HelpLink } from '../help/shared.ts';
import { fiatApi, walletApi, type FiatAssetInfo, type FiatBookEntry } from './api.ts';
import { describeWalletError } from './errors.ts';
import { checkBankAccount, type BankAccountField } from './fiat-form.ts';
import { timeOf, useFiatAssets } from './FiatParts.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { BOOK_STEP_UP, BookStepUpFields, useBookTexts, WhitelistSwitch } from './BookParts.tsx';
import { WalletShell } from './WalletShell.tsx';

type AddField = 'name' | BankAccountField | StepUpFactor;
/** The fields a refusal may name (the currency has none of its own: a refusal about it is the form's message). */
const ADD_FIELDS: readonly AddField[] = ['name', 'beneficiary', 'bankCode', 'accountNumber', 'password', 'emailCode', 'gaCode'];

/**
 * spec §2 wallet/address/fiatAddress: the bank accounts fiat withdrawals may pay (a fiat withdrawal goes only
 * to one of them), with the whitelist switch the coin book shares. Saving an account takes the password, an
 * e-mail code and the Google code; its bank code is looked up ('Bank Code Not Found', spec §8) and it can be
 * paid after a 24-hour lock, shown with its countdown.
 */
export function FiatAddressPage() {
  const { t } = useTranslation('wallet');
  const book = useLoad(() => fiatApi.accounts(), []);
  const whitelist = useLoad(() => walletApi.whitelist(), []);
  const fiats = useFiatAssets();
  const texts = useBookTexts({
    add: t('fiatBook.add'),
    name: t('fiatBook.name'),
    lockedFor: (entry, time) => t('book.lockedFor', { time, until: timeOf(entry.usableAt) }),
    saved: (entry) => t('book.saved', { name: entry.name, time: timeOf(entry.usableAt) }),
  });
  const columns: AddressColumn<FiatBookEntry>[] = [
    { header: t('fiat.currency'), cell: (entry) => entry.asset },
    { header: t('fiat.beneficiary'), cell: (entry) => entry.beneficiary },
    {
      header: t('fiat.bankName'),
      cell: (entry) => (
        <>
          {entry.bankName}
          <span className="td-muted"> · {entry.bankCode}</span>
        </>
      ),
    },
    { header: t('fiat.accountNumber'), cell: (entry) => entry.accountNumber, className: 'td-account-number' },
  ];

  return (
    <WalletShell title={t('fiatBook.title')} actions={<HelpLink article="withdraw/fiat-withdrawal" />}>
      <WhitelistSwitch on={whitelist.data?.whitelistOn ?? null} onChanged={whitelist.reload} />
      <p className="td-field-hint">{t('fiatBook.explain')}</p>
      <AddressBook<FiatBookEntry>
        entries={book.data}
        loadError={book.error ? describeWalletError(t, book.error).message : null}
        columns={columns}
        rowData={(entry) => ({ 'data-account': entry.accountNumber })}
        addForm={(onSaved) => (fiats.data ? <AddAccountForm assets={fiats.data} onSaved={onSaved} /> : null)}
        remove={fiatApi.deleteAccount}
        onChanged={book.reload}
        describeFailure={(failure) => describeWalletError(t, failure).message}
        texts={texts}
      />
    </WalletShell>
  );
}

function AddAccountForm({ assets, onSaved }: { assets: readonly FiatAssetInfo[]; onSaved: (entry: FiatBookEntry) => void }) {
  const { t } = useTranslation('wallet');
  const [form, setForm] = useState({ name: '', asset: assets[0]?.asset ?? '', beneficiary: '', bankCode: '', accountNumber: '' });
  const { errors, setErrors, place } = useFieldErrors<AddField>('book', ADD_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [bank, setBank] = useState<{ code: string; name: string | null } | null>(null);
  const stepUp = useStepUp({ factors: BOOK_STEP_UP });
  const { submitting, run } = useSubmit();
  const set = (field: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'bankCode') setBank(null);
  };

  /** Looks the bank code up as soon as it has a valid shape, so the person sees which bank it names. */
  const lookUp = async () => {
    const code = normaliseBankField(form.bankCode);
    const shape = checkBankAccount({ beneficiary: 'xx', bankCode: code, accountNumber: '000000' }).bankCode;
    if (shape) {
      if (code !== '') setErrors((e) => ({ ...e, bankCode: shape }));
      return;
    }
    try {
      const found = await fiatApi.bankCode(code);
      setBank({ code, name: found.bankName });
    } catch (error) {
      setBank({ code, name: null });
      setErrors((e) => ({ ...e, bankCode: describeWalletError(t, error).message }));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const name = validateAddressName(form.name);
    const found: FieldErrors<AddField> = { ...stepUp.check(), ...checkBankAccount(form) };
    if (name) found.name = { key: `${VALIDATION_NAMESPACE}:${name.key}`, ...(name.params ? { params: name.params } : {}) };
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        onSaved(
          await fiatApi.addAccount({
            name: form.name.trim(),
            asset: form.asset,
            beneficiary: form.beneficiary.trim(),
            bankCode: normaliseBankField(form.bankCode),
            accountNumber: normaliseBankField(form.accountNumber),
            ...factors,
            password: stepUp.values.password,
          }),
        );
      } catch (error) {
        const described = describeWalletError(t, error, { emailUuid: 'emailCode', address: 'accountNumber' });
        stepUp.learn(error);
        if (!place(described.field, described.message)) setMessage(described.message);
        stepUp.clearGaCode();
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <form className="td-wallet-form td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="book-add-form">
      <TextField name="name" label={t('fiatBook.name')} autoComplete="off" value={form.name} onValue={set('name')} error={errors.name} hint={t('book.nameRule')} />
      <Field name="asset" label={t('fiat.currency')}>
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
      <TextField name="beneficiary" label={t('fiat.beneficiary')} autoComplete="off" value={form.beneficiary} onValue={set('beneficiary')} error={errors.beneficiary} hint={t('fiatBook.beneficiaryHint')} />
      <TextField
        name="bankCode"
        label={t('fiat.bankCode')}
        autoComplete="off"
        spellCheck={false}
        value={form.bankCode}
        onValue={set('bankCode')}
        onBlur={() => void lookUp()}
        error={errors.bankCode}
        hint={bank?.name ? <span data-testid="bank-name">{bank.name}</span> : t('fiatBook.bankCodeHint')}
      />
      <TextField name="accountNumber" label={t('fiat.accountNumber')} autoComplete="off" spellCheck={false} value={form.accountNumber} onValue={set('accountNumber')} error={errors.accountNumber} />
      <BookStepUpFields stepUp={stepUp} errors={errors} businessType="addAddress" />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="book-add-submit">
        {submitting ? t('common.processing') : t('fiatBook.save')}
      </button>
    </form>
  );
}

export default FiatAddressPage;
