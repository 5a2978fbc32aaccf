import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendEmailCode, updatePassword } from '../api.ts';
import { describeError } from '../errors.ts';
import { validateChangePassword, type ChangePasswordForm } from '../forms.ts';
import { CodeField, FormMessage, TextField, useFieldErrors, useSubmit } from '../../../components/form/index.ts';

type Field = keyof ChangePasswordForm;

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly Field[] = ['oldPassword', 'newPassword', 'confirmPassword', 'emailCode', 'gaCode'];

/** spec §7 updatePwd: old password, new password, e-mail code and (when bound) Google code. */
export function PasswordSection({ gaBound, onChanged }: { gaBound: boolean; onChanged: () => void }) {
  const { t } = useTranslation('account');
  const [form, setForm] = useState<ChangePasswordForm>({ oldPassword: '', newPassword: '', confirmPassword: '', emailCode: '', gaCode: '' });
  const [emailUuid, setEmailUuid] = useState<string | null>(null);
  const { errors, setErrors, place } = useFieldErrors<Field>('password', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: Field) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validateChangePassword(form, emailUuid, gaBound);
    setErrors(found);
    if (Object.keys(found).length > 0 || !emailUuid) return;
    const outcome = await run(async () => {
      try {
        await updatePassword({ ...form, emailCode: form.emailCode.trim(), gaCode: form.gaCode.trim(), emailUuid });
        onChanged();
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        if (!place(described.field, described.message)) setMessage(described.message);
        setForm((f) => ({ ...f, gaCode: '' }));
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const password = (field: Field, label: string, autoComplete: string) => (
    <TextField name={field} label={label} type="password" autoComplete={autoComplete} value={form[field]} onValue={set(field)} error={errors[field]} />
  );

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="password-form">
      <p className="td-field-hint">{t('safe.password.notice')}</p>
      {password('oldPassword', t('fields.oldPassword'), 'current-password')}
      {password('newPassword', t('fields.newPassword'), 'new-password')}
      {password('confirmPassword', t('fields.confirmPassword'), 'new-password')}
      <CodeField describeFailure={(failure) => describeError(t, failure).message} name="emailCode" label={t('fields.emailCode')} value={form.emailCode} onValue={set('emailCode')} error={errors.emailCode} request={() => sendEmailCode('updatePwd')} onUuid={setEmailUuid} />
      {gaBound ? (
        <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.gaCode} onValue={set('gaCode')} error={errors.gaCode} />
      ) : null}
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="password-submit">
        {submitting ? t('common.processing') : t('safe.password.submit')}
      </button>
    </form>
  );
}
