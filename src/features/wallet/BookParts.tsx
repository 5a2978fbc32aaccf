import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, sendEmailCode } from '../account/shared.ts';
import { FormMessage, useFieldErrors, useSubmit, type FieldErrors } from '../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUp, type StepUpFactor } from '../../components/step-up/index.ts';
import { Modal } from '../../components/index.ts';
import { walletApi } from './api.ts';
import { describeWalletError } from './errors.ts';

// What the coin and fiat address books share: the lock clock and countdowns, the step-up's rule and words (the
// fields are src/components/step-up's), the whitelist switch and deleting an entry.

export type StepUpField = StepUpFactor;

/**
 * This device's time for showing address-book locks (`usableAt` times), re-read only while one is still
 * locked: every second for a visible countdown (`countdown`), or once when the next lock ends (`unlock`, for
 * a label that only switches). Nothing ticks once every lock has ended.
 */
export function useLockClock(usableAt: readonly string[], mode: 'countdown' | 'unlock'): number {
  const [now, setNow] = useState(() => Date.now());
  const next = usableAt.map((t) => Date.parse(t)).filter((t) => t > now).reduce<number | null>((min, t) => (min === null || t < min ? t : min), null);
  const locked = next !== null;
  useEffect(() => {
    if (!locked || mode !== 'countdown') return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [locked, mode]);
  useEffect(() => {
    if (next === null || mode !== 'unlock') return;
    // setTimeout's longest delay is 2^31 − 1 ms; a later lock just schedules again.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now + 50, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [next, mode, now]);
  return now;
}

export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

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

/**
 * Deleting an address-book entry: the spec §2 confirmation modal, then the call, then a message saying what
 * happened. `ask(entry)` opens the modal; render `modal` once in the page.
 */
export function useBookDelete<E extends { id: string; name: string }>(
  remove: (id: string) => Promise<unknown>,
  onDone: (message: { text: string; tone: 'error' | 'success' }) => void,
) {
  const { t } = useTranslation('wallet');
  const [deleting, setDeleting] = useState<E | null>(null);
  const confirm = async (entry: E) => {
    setDeleting(null);
    try {
      await remove(entry.id);
      onDone({ text: t('book.deleted', { name: entry.name }), tone: 'success' });
    } catch (error) {
      onDone({ text: describeWalletError(t, error).message, tone: 'error' });
    }
  };
  const modal = (
    <Modal visible={deleting !== null} title={t('book.delete')} onClose={() => setDeleting(null)} onConfirm={() => deleting && void confirm(deleting)}>
      <p data-testid="book-delete-confirm">{deleting ? t('book.deleteConfirm', { name: deleting.name }) : ''}</p>
    </Modal>
  );
  return { ask: setDeleting, modal };
}
