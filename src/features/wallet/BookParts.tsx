import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, sendEmailCode } from '../account/shared.ts';
import { FormMessage, useFieldErrors, useSubmit, type FieldErrors } from '../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUp, type StepUpFactor } from '../../components/step-up/index.ts';
import type { AddressBookTexts } from '../../components/address-book/index.ts';
import { walletApi } from './api.ts';
import { describeWalletError } from './errors.ts';

// What the coin and fiat address books share besides src/components/address-book: the step-up's rule and words
// (the fields are src/components/step-up's), the whitelist switch and the books' words.

/**
 * server/README.md "Step-up": adding an address and switching the whitelist off take the account password, an
 * e-mail code of the call's business type and the Google code (a withdrawal needs one bound, spec §6).
 */
export const BOOK_STEP_UP: readonly StepUpFactor[] = ['password', 'emailCode', 'gaCode'];

/** The address book's step-up fields, in the wallet's words. */
export function BookStepUpFields({ stepUp, errors, businessType }: { stepUp: StepUp; errors: FieldErrors<StepUpFactor>; businessType: 'addAddress' | 'whitelistOff' }) {
  const { t } = useTranslation('wallet');
  return (
    <StepUpFields
      stepUp={stepUp}
      errors={errors}
      intro={t('book.stepUp')}
      labels={{ password: t('fields.password'), emailCode: t('fields.emailCode'), gaCode: t('fields.gaCode') }}
      sendEmailCode={() => sendEmailCode(businessType)}
      describeFailure={(failure) => describeError(t, failure).message}
      gaMaxLength={6}
    />
  );
}

/** The whitelist: on at once; off only with the password, the e-mail code and the Google code. */
export function WhitelistSwitch({ on, onChanged }: { on: boolean | null; onChanged: () => void }) {
  const { t } = useTranslation('wallet');
  const [asking, setAsking] = useState(false);
  const { errors, setErrors, place } = useFieldErrors<StepUpFactor>('whitelist', BOOK_STEP_UP);
  const [message, setMessage] = useState<string | null>(null);
  const stepUp = useStepUp({ factors: BOOK_STEP_UP });
  const { submitting, run } = useSubmit();

  const turnOn = () =>
    void run(async () => {
      try {
        await walletApi.setWhitelist({ on: true });
        onChanged();
      } catch (error) {
        setMessage(describeWalletError(t, error).message);
      }
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = stepUp.check();
    setErrors(found);
    const body = stepUp.body();
    if (Object.keys(found).length > 0 || !body) return;
    await run(async () => {
      try {
        await walletApi.setWhitelist({ on: false, ...body });
        setAsking(false);
        onChanged();
      } catch (error) {
        const described = describeWalletError(t, error, { emailUuid: 'emailCode' });
        stepUp.learn(error);
        if (!place(described.field, described.message)) setMessage(described.message);
        stepUp.clearGaCode();
      }
    });
  };

  return (
    <section className="td-wallet-whitelist" aria-labelledby="whitelist-title" data-testid="whitelist" data-on={on ?? ''}>
      <h2 id="whitelist-title">{t('book.whitelist')}</h2>
      <p className="td-field-hint">{t('book.whitelistExplain')}</p>
      <p data-testid="whitelist-state">{on === null ? '--' : on ? t('book.whitelistOn') : t('book.whitelistOff')}</p>
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
        <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="whitelist-off-form">
          <BookStepUpFields stepUp={stepUp} errors={errors} businessType="whitelistOff" />
          <button type="submit" className="td-button td-button-danger" disabled={submitting} data-testid="whitelist-off-submit">
            {submitting ? t('common.processing') : t('book.turnOffConfirm')}
          </button>
        </form>
      ) : null}
      <FormMessage text={message} />
    </section>
  );
}

/** The address books' words (spec §2 wallet/address); `name`, `add`, the lock's and the save's times differ per book. */
export function useBookTexts(own: Pick<AddressBookTexts, 'add' | 'name' | 'lockedFor' | 'saved'>): AddressBookTexts {
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
