import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendEmailCode, updatePassword } from '../api.ts';
import { describeError } from '../errors.ts';
import { validateChangePassword, type ChangePasswordForm } from '../forms.ts';
import { FormMessage, TextField, useFieldErrors, useSubmit } from '../../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUpFactor } from '../../../components/step-up/index.ts';

type Field = keyof ChangePasswordForm;
type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';

// server/README.md "Step-up": updatePwd takes its e-mail code and the Google code while bound; the old password is
// the change's own field (checked as spec §5 asks), not the step-up's password.
const STEP_UP: readonly StepUpFactor[] = ['emailCode'];
const STEP_UP_BOUND: readonly StepUpFactor[] = ['emailCode', 'gaCode'];

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly Field[] = ['oldPassword', 'newPassword', 'confirmPassword', 'emailCode', 'gaCode'];

/** spec §7 updatePwd: old password, new password, e-mail code and (when bound) Google code. */
export function PasswordSection({ gaBound, onChanged }: { gaBound: boolean; onChanged: () => void }) {
  const { t } = useTranslation('account');
  const [form, setForm] = useState<Record<PasswordField, string>>({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const stepUp = useStepUp({ factors: gaBound ? STEP_UP_BOUND : STEP_UP });
  const { errors, setErrors, place } = useFieldErrors<Field>('password', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: PasswordField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validateChangePassword({ ...form, emailCode: stepUp.values.emailCode, gaCode: stepUp.values.gaCode }, stepUp.emailUuid, gaBound);
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        await updatePassword({ ...form, emailUuid: factors.emailUuid, emailCode: factors.emailCode, gaCode: factors.gaCode ?? '' });
        onChanged();
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        if (!place(described.field, described.message)) setMessage(described.message);
        stepUp.clearGaCode();
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const password = (field: PasswordField, label: string, autoComplete: string) => (
    <TextField name={field} label={label} type="password" autoComplete={autoComplete} value={form[field]} onValue={set(field)} error={errors[field]} />
  );

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="password-form">
      <p className="td-field-hint">{t('safe.password.notice')}</p>
      {password('oldPassword', t('fields.oldPassword'), 'current-password')}
      {password('newPassword', t('fields.newPassword'), 'new-password')}
      {password('confirmPassword', t('fields.confirmPassword'), 'new-password')}
      <StepUpFields
        stepUp={stepUp}
        errors={errors}
        labels={{ emailCode: t('fields.emailCode'), gaCode: t('fields.gaCode') }}
        sendEmailCode={() => sendEmailCode('updatePwd')}
        describeFailure={(failure) => describeError(t, failure).message}
        gaMaxLength={6}
      />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="password-submit">
        {submitting ? t('common.processing') : t('safe.password.submit')}
      </button>
    </form>
  );
}
