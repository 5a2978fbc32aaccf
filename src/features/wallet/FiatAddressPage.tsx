import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseBankField } from '../../../contract/fiat-rules.ts';
import { AssetSelect, checkAddressName, useFormValues, type AddressColumn } from '../../components/address-book/index.ts';
import { TextField, type FieldErrors } from '../../components/form/index.ts';
import type { StepUpBody, StepUpFactor } from '../../components/step-up/index.ts';
import { HelpLink } from '../help/shared.ts';
import { fiatApi, type FiatAssetInfo, type FiatBookEntry } from './api.ts';
import { describeWalletError } from './errors.ts';
import { checkBankAccount, type BankAccountField } from './fiat-form.ts';
import { timeOf, useFiatAssets } from './FiatParts.tsx';
import { BookForm, useBookForm, WalletBook } from './BookParts.tsx';

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
  const fiats = useFiatAssets();
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
    <WalletBook<FiatBookEntry>
      title={t('fiatBook.title')}
      help={<HelpLink article="withdraw/fiat-withdrawal" />}
      intro={<p className="td-field-hint">{t('fiatBook.explain')}</p>}
      load={() => fiatApi.accounts()}
      columns={columns}
      rowData={(entry) => ({ 'data-account': entry.accountNumber })}
      addForm={(onSaved) => (fiats.data ? <AddAccountForm assets={fiats.data} onSaved={onSaved} /> : null)}
      remove={fiatApi.deleteAccount}
      texts={{
        add: t('fiatBook.add'),
        name: t('fiatBook.name'),
        lockedFor: (entry, time) => t('book.lockedFor', { time, until: timeOf(entry.usableAt) }),
        saved: (entry) => t('book.saved', { name: entry.name, time: timeOf(entry.usableAt) }),
      }}
    />
  );
}

function AddAccountForm({ assets, onSaved }: { assets: readonly FiatAssetInfo[]; onSaved: (entry: FiatBookEntry) => void }) {
  const { t } = useTranslation('wallet');
  const form = useBookForm<AddField>(ADD_FIELDS, { emailUuid: 'emailCode', address: 'accountNumber' });
  const [bank, setBank] = useState<{ code: string; name: string | null } | null>(null);
  const { values, set } = useFormValues({ name: '', asset: assets[0]?.asset ?? '', beneficiary: '', bankCode: '', accountNumber: '' }, (field) => {
    form.clear(field);
    if (field === 'bankCode') setBank(null);
  });
  const { errors, setErrors } = form;

  /** Looks the bank code up as soon as it has a valid shape, so the person sees which bank it names. */
  const lookUp = async () => {
    const code = normaliseBankField(values.bankCode);
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

  const check = (): FieldErrors<AddField> => {
    const name = checkAddressName(values.name);
    return { ...checkBankAccount(values), ...(name ? { name } : {}) };
  };
  /** The account as the add call sends it: what the e-mail code is asked for (it approves only that account). */
  const fields = () => ({
    asset: values.asset,
    beneficiary: values.beneficiary.trim(),
    bankCode: normaliseBankField(values.bankCode),
    accountNumber: normaliseBankField(values.accountNumber),
  });
  const entry = () => (Object.keys(checkBankAccount(values)).length === 0 ? { book: 'fiat' as const, ...fields() } : null);
  const save = async (factors: StepUpBody) =>
    onSaved(
      await fiatApi.addAccount({
        name: values.name.trim(),
        ...fields(),
        ...factors,
        password: form.stepUp.values.password,
      }),
    );

  return (
    <BookForm form={form} name={{ label: t('fiatBook.name'), value: values.name, onValue: set('name') }} saveText={t('fiatBook.save')} entry={entry} onSubmit={(e) => form.submitWithFactors(e, check, save)}>
      <AssetSelect label={t('fiat.currency')} assets={assets} value={values.asset} onValue={set('asset')} />
      <TextField name="beneficiary" label={t('fiat.beneficiary')} autoComplete="off" value={values.beneficiary} onValue={set('beneficiary')} error={errors.beneficiary} hint={t('fiatBook.beneficiaryHint')} />
      <TextField
        name="bankCode"
        label={t('fiat.bankCode')}
        autoComplete="off"
        spellCheck={false}
        value={values.bankCode}
        onValue={set('bankCode')}
        onBlur={() => void lookUp()}
        error={errors.bankCode}
        hint={bank?.name ? <span data-testid="bank-name">{bank.name}</span> : t('fiatBook.bankCodeHint')}
      />
      <TextField name="accountNumber" label={t('fiat.accountNumber')} autoComplete="off" spellCheck={false} value={values.accountNumber} onValue={set('accountNumber')} error={errors.accountNumber} />
    </BookForm>
  );
}

export default FiatAddressPage;
