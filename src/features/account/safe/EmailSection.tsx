import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateBusinessEmail } from '../../../lib/validation/index.ts';
import { sendEmailCode, updateEmail } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkCode, type FieldErrors, type FieldIssue, CodeField, FormMessage, TextField, useSubmit, useFieldErrors } from '../../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUpFactor } from '../../../components/step-up/index.ts';
import { asFactorErrors, asFormErrors, type FactorNames } from './factor-names.ts';

type Field = 'password' | 'oldEmailCode' | 'email' | 'newEmailCode' | 'gaCode';

// server/README.md "Step-up": updateEmail takes the password, a code to the address held now (the step-up's
// e-mail code, here oldEmailCode) and the Google code while bound; the new address's code is the change's own.
const STEP_UP: readonly StepUpFactor[] = ['password', 'emailCode'];
const STEP_UP_BOUND: readonly StepUpFactor[] = ['password', 'emailCode', 'gaCode'];
const NAMES: FactorNames<Field> = { password: 'password', emailCode: 'oldEmailCode', gaCode: 'gaCode' };

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly Field[] = ['password', 'oldEmailCode', 'email', 'newEmailCode', 'gaCode'];

/**
 * Change of e-mail: the account password (step-up), codes to the old and the new address, and a Google code when
 * bound. spec §9: withdrawals are banned 24 h after.
 */
export function EmailSection({ currentEmail, gaBound, onSaved }: { currentEmail: string; gaBound: boolean; onSaved: () => void }) {
  const { t } = useTranslation('account');
  const stepUp = useStepUp({ factors: gaBound ? STEP_UP_BOUND : STEP_UP });
  const [values, setValues] = useState<Record<'email' | 'newEmailCode', string>>({ email: '', newEmailCode: '' });
  const [newUuid, setNewUuid] = useState<{ uuid: string | null; email: string }>({ uuid: null, email: '' });
  const { errors, setErrors, place } = useFieldErrors<Field>('email', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: 'email' | 'newEmailCode') => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const email = values.email.trim();
  const newCodeUuid = newUuid.email === email ? newUuid.uuid : null;
  const emailIssue = (): FieldIssue | null => {
    const problem = validateBusinessEmail(email);
    return problem ? { key: `validation:${problem.key}` } : null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const addressIssue = emailIssue();
    const newCodeIssue = checkCode(values.newEmailCode, newCodeUuid);
    const found: FieldErrors<Field> = {
      ...asFormErrors(stepUp.check(), NAMES),
      ...(addressIssue ? { email: addressIssue } : {}),
      ...(newCodeIssue ? { newEmailCode: newCodeIssue } : {}),
    };
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors || !newCodeUuid) return;
    const outcome = await run(async () => {
      try {
        await updateEmail({ password: stepUp.values.password, oldEmailUuid: factors.emailUuid, oldEmailCode: factors.emailCode, newEmailUuid: newCodeUuid, newEmailCode: values.newEmailCode.trim(), email, gaCode: factors.gaCode ?? '' });
        onSaved();
      } catch (error) {
        const described = describeError(t, error, { emailCode: 'newEmailCode', emailUuid: 'newEmailCode' });
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="email-form">
      <p className="td-field-hint">{t('safe.email.notice')}</p>
      <StepUpFields
        stepUp={stepUp}
        errors={asFactorErrors(errors, NAMES)}
        intro={t('safe.stepUp')}
        labels={{ password: t('fields.password'), emailCode: t('safe.email.oldCode', { email: currentEmail }), gaCode: t('fields.gaCode') }}
        names={NAMES}
        sendEmailCode={() => sendEmailCode('updateEmailOld')}
        describeFailure={(failure) => describeError(t, failure).message}
        gaMaxLength={6}
        afterEmailCode={
          <>
            <TextField name="email" label={t('fields.newEmail')} type="email" value={values.email} onValue={set('email')} error={errors.email} />
            <CodeField
              describeFailure={(failure) => describeError(t, failure).message}
              name="newEmailCode"
              label={t('fields.emailCode')}
              value={values.newEmailCode}
              onValue={set('newEmailCode')}
              error={errors.newEmailCode}
              precheck={emailIssue}
              request={() => sendEmailCode('updateEmailNew', email)}
              onUuid={(uuid) => setNewUuid({ uuid, email })}
            />
          </>
        }
      />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="email-submit">
        {submitting ? t('common.processing') : t('safe.email.submit')}
      </button>
    </form>
  );
}
