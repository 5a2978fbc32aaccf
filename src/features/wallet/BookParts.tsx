import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, sendEmailCode, type CodeOperation } from '../account/shared.ts';
import { FormMessage, SubmitButton, type FieldErrors } from '../../components/form/index.ts';
import { StepUpFields, type StepUp, type StepUpBody, type StepUpFactor } from '../../components/step-up/index.ts';
import { AddressBook, AddressForm, NameField, useStepUpForm, type AddressBookProps, type AddressBookTexts, type AddressEntry } from '../../components/address-book/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { walletApi } from './api.ts';
import { describeWalletError } from './errors.ts';
import { WalletShell } from './WalletShell.tsx';

// What the coin and fiat address books share besides src/components/address-book: the step-up's rule and words
// (the fields are src/components/step-up's), the whitelist switch, the books' words and their page.

/**
 * server/README.md "Step-up": adding an address and switching the whitelist off take the account password, an
 * e-mail code of the call's business type and the Google code (a withdrawal needs one bound, spec §6).
 */
export const BOOK_STEP_UP: readonly StepUpFactor[] = ['password', 'emailCode', 'gaCode'];

/** A code asked for before the entry it approves is filled in. */
const ENTRY_FIRST = new Error('entryFirst');

/**
 * The address book's step-up fields, in the wallet's words. An addAddress code approves only the entry it was sent
 * for (server/README.md "Verification codes"): `entry` is the form's entry as the add call will send it, null while
 * it is not filled in; changing the entry afterwards needs a new code.
 */
export function BookStepUpFields({
  stepUp,
  errors,
  businessType,
  entry,
}: {
  stepUp: StepUp;
  errors: FieldErrors<StepUpFactor>;
  businessType: 'addAddress' | 'whitelistOff';
  entry?: () => CodeOperation | null;
}) {
  const { t } = useTranslation('wallet');
  const send = () => {
    if (!entry) return sendEmailCode(businessType);
    const operation = entry();
    return operation ? sendEmailCode(businessType, undefined, operation) : Promise.reject(ENTRY_FIRST);
  };
  return (
    <StepUpFields
      stepUp={stepUp}
      errors={errors}
      intro={t('book.stepUp')}
      labels={{ password: t('fields.password'), emailCode: t('fields.emailCode'), gaCode: t('fields.gaCode') }}
      sendEmailCode={send}
      describeFailure={(failure) => (failure === ENTRY_FIRST ? t('book.entryFirst') : describeError(t, failure).message)}
      gaMaxLength={6}
    />
  );
}

/** A wallet book's add form state (spec §5): its step-up, a refusal beside the field it names, the click-once message. */
export function useBookForm<F extends string>(fields: readonly F[], fieldOf: Parameters<typeof describeWalletError>[2]) {
  const { t } = useTranslation('wallet');
  return useStepUpForm<F>({ scope: 'book', fields, factors: BOOK_STEP_UP, relearn: true, describe: (error) => describeWalletError(t, error, fieldOf), clickOnce: t('errors.clickOnce') });
}

/** A wallet book's add form: the name first, the book's own fields, then the step-up, the message and the save button. */
export function BookForm({
  form,
  name,
  saveText,
  entry,
  onSubmit,
  children,
}: {
  form: { message: string | null; submitting: boolean; stepUp: StepUp; errors: FieldErrors<'name' | StepUpFactor> };
  name: { label: string; value: string; onValue: (value: string) => void };
  saveText: string;
  /** The entry the e-mail code is asked for (the add call's own fields), null while it is not filled in. */
  entry: () => CodeOperation | null;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <AddressForm
      className="td-wallet-form td-form"
      testId="book-add-form"
      onSubmit={onSubmit}
      message={form.message}
      buttons={
        <SubmitButton submitting={form.submitting} busyText={t('common.processing')} testId="book-add-submit">
          {saveText}
        </SubmitButton>
      }
    >
      <NameField label={name.label} hint={t('book.nameRule')} value={name.value} onValue={name.onValue} error={form.errors.name} />
      {children}
      <BookStepUpFields stepUp={form.stepUp} errors={form.errors} businessType="addAddress" entry={entry} />
    </AddressForm>
  );
}

/** The whitelist: on at once; off only with the password, the e-mail code and the Google code. */
export function WhitelistSwitch({ on, coolingOffUntil = null, onChanged }: { on: boolean | null; coolingOffUntil?: string | null; onChanged: () => void }) {
  const { t } = useTranslation('wallet');
  const [asking, setAsking] = useState(false);
  const form = useStepUpForm<StepUpFactor>({
    scope: 'whitelist',
    fields: BOOK_STEP_UP,
    factors: BOOK_STEP_UP,
    relearn: true,
    describe: (error) => describeWalletError(t, error, { emailUuid: 'emailCode' }),
  });
  const { submitting, run, setMessage } = form;

  const turnOn = () =>
    void run(async () => {
      try {
        await walletApi.setWhitelist({ on: true });
        onChanged();
      } catch (error) {
        setMessage(describeWalletError(t, error).message);
      }
    });

  const turnOff = async (factors: StepUpBody) => {
    await walletApi.setWhitelist({ on: false, ...factors });
    setAsking(false);
    onChanged();
  };

  return (
    <section className="td-wallet-whitelist" aria-labelledby="whitelist-title" data-testid="whitelist" data-on={on ?? ''}>
      <h2 id="whitelist-title">{t('book.whitelist')}</h2>
      <p className="td-field-hint">{t('book.whitelistExplain')}</p>
      <p data-testid="whitelist-state">{on === null ? '--' : on ? t('book.whitelistOn') : t('book.whitelistOff')}</p>
      {coolingOffUntil ? (
        <p className="td-notice td-notice-danger" role="status" data-testid="whitelist-cooling-off">
          {t('book.coolingOff', { time: formatDateTime(coolingOffUntil, { zone: true }) })}
        </p>
      ) : null}
      {on === false ? (
        <button type="button" className="td-button td-button-primary" disabled={submitting} onClick={turnOn} data-testid="whitelist-on">
          {t('book.turnOn')}
        </button>
      ) : on ? (
        <button type="button" className="td-button td-button-secondary" onClick={() => setAsking((v) => !v)} aria-expanded={asking} data-testid="whitelist-off">
          {t('book.turnOff')}
        </button>
      ) : null}
      {asking && on ? (
        <form className="td-form" noValidate onSubmit={(e) => void form.submitWithFactors(e, () => ({}), turnOff)} data-testid="whitelist-off-form">
          <BookStepUpFields stepUp={form.stepUp} errors={form.errors} businessType="whitelistOff" />
          <button type="submit" className="td-button td-button-danger" disabled={submitting} data-testid="whitelist-off-submit">
            {submitting ? t('common.processing') : t('book.turnOffConfirm')}
          </button>
        </form>
      ) : null}
      <FormMessage text={form.message} />
    </section>
  );
}

/** The address books' words (spec §2 wallet/address); `name`, `add`, the lock's and the save's times differ per book. */
function useBookTexts(own: BookOwnTexts): AddressBookTexts {
  const { t } = useTranslation('wallet');
  return {
    ...own,
    usable: t('book.usable'),
    ready: t('book.ready'),
    actions: t('columns.actions'),
    delete: t('book.delete'),
    deleteNamed: (name) => t('book.deleteNamed', { name }),
    deleted: (name) => t('book.deleted', { name }),
    title: t('book.delete'),
    confirm: (name) => t('book.deleteConfirm', { name }),
  };
}

type BookOwnTexts = Pick<AddressBookTexts, 'add' | 'name' | 'lockedFor' | 'saved'>;

/**
 * A wallet address book's page (spec §2 wallet/address/coinAddress and fiatAddress): the whitelist switch, the
 * book's explanation where it has one, and the book with its own columns, add form, calls and words.
 */
export function WalletBook<E extends AddressEntry>({
  title,
  help,
  intro,
  load,
  texts: own,
  ...book
}: Omit<AddressBookProps<E>, 'entries' | 'loadError' | 'onChanged' | 'describeFailure' | 'texts'> & { title: string; help: ReactNode; intro?: ReactNode; load: () => Promise<E[]>; texts: BookOwnTexts }) {
  const { t } = useTranslation('wallet');
  const entries = useLoad(load, []);
  const whitelist = useLoad(() => walletApi.whitelist(), []);
  const texts = useBookTexts(own);
  return (
    <WalletShell title={title} actions={help}>
      <WhitelistSwitch on={whitelist.data?.whitelistOn ?? null} coolingOffUntil={whitelist.data?.coolingOffUntil ?? null} onChanged={whitelist.reload} />
      {intro}
      <AddressBook<E>
        {...book}
        entries={entries.data}
        loadError={entries.error ? describeWalletError(t, entries.error).message : null}
        onChanged={entries.reload}
        describeFailure={(failure) => describeWalletError(t, failure).message}
        texts={texts}
      />
    </WalletShell>
  );
}
