import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateBusinessEmail } from '../../../lib/validation/index.ts';
import { sendEmailCode, updateEmail } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkCode, checkGaCode, checkStepUpPassword, type FieldErrors, type FieldIssue, CodeField, FormMessage, TextField, useSubmit, useFieldErrors } from '../../../components/form/index.ts';

type Field = 'password' | 'oldEmailCode' | 'email' | 'newEmailCode' | 'gaCode';

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly Field[] = ['password', 'oldEmailCode', 'email', 'newEmailCode', 'gaCode'];

/**
 * Change of e-mail: the account password (step-up), codes to the old and the new address, and a Google code when
 * bound. spec §9: withdrawals are banned 24 h after.
 */
export function EmailSection({ currentEmail, gaBound, onSaved }: { currentEmail: string; gaBound: boolean; onSaved: () => void }) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<Record<Field, string>>({ password: '', oldEmailCode: '', email: '', newEmailCode: '', gaCode: '' });
  const [oldUuid, setOldUuid] = useState<string | null>(null);
  const [newUuid, setNewUuid] = useState<{ uuid: string | null; email: string }>({ uuid: null, email: '' });
  const { errors, setErrors, place } = useFieldErrors<Field>('email', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const email = values.email.trim();
  const newCodeUuid = newUuid.email === email ? newUuid.uuid : null;
  const emailIssue = (): FieldIssue | null => {
    const problem = validateBusinessEmail(email);
    return problem ? { key: `validation:${problem.key}` } : null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = Object.fromEntries(
      Object.entries({
        password: checkStepUpPassword(values.password),
        oldEmailCode: checkCode(values.oldEmailCode, oldUuid),
        email: emailIssue() ?? undefined,
        newEmailCode: checkCode(values.newEmailCode, newCodeUuid),
        gaCode: checkGaCode(values.gaCode, gaBound),
      }).filter(([, v]) => v),
    ) as FieldErrors<Field>;
    setErrors(found);
    if (Object.keys(found).length > 0 || !oldUuid || !newCodeUuid) return;
    const outcome = await run(async () => {
      try {
        await updateEmail({ password: values.password, oldEmailUuid: oldUuid, oldEmailCode: values.oldEmailCode.trim(), newEmailUuid: newCodeUuid, newEmailCode: values.newEmailCode.trim(), email, gaCode: values.gaCode.trim() });
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
      <p className="td-field-hint">{t('safe.stepUp')}</p>
      <TextField name="password" label={t('fields.password')} type="password" autoComplete="current-password" value={values.password} onValue={set('password')} error={errors.password} />
      <CodeField describeFailure={(failure) => describeError(t, failure).message} name="oldEmailCode" label={t('safe.email.oldCode', { email: currentEmail })} value={values.oldEmailCode} onValue={set('oldEmailCode')} error={errors.oldEmailCode} request={() => sendEmailCode('updateEmailOld')} onUuid={setOldUuid} />
      <TextField name="email" label={t('fields.newEmail')} type="email" value={values.email} onValue={set('email')} error={errors.email} />
      <CodeField describeFailure={(failure) => describeError(t, failure).message}
        name="newEmailCode"
        label={t('fields.emailCode')}
        value={values.newEmailCode}
        onValue={set('newEmailCode')}
        error={errors.newEmailCode}
        precheck={emailIssue}
        request={() => sendEmailCode('updateEmailNew', email)}
        onUuid={(uuid) => setNewUuid({ uuid, email })}
      />
      {gaBound ? <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" maxLength={6} value={values.gaCode} onValue={set('gaCode')} error={errors.gaCode} /> : null}
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="email-submit">
        {submitting ? t('common.processing') : t('safe.email.submit')}
      </button>
    </form>
  );
}
