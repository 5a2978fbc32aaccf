import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendEmailCode, setAntiPhishing } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkAntiPhishingCode } from '../forms.ts';
import { checkCode, checkGaCode, checkStepUpPassword, type FieldErrors, CodeField, FormMessage, TextField, useSubmit, useFieldErrors } from '../../../components/form/index.ts';

type Field = 'code' | 'password' | 'emailCode' | 'gaCode';

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly Field[] = ['code', 'password', 'emailCode', 'gaCode'];

/**
 * The anti-phishing code (server/api/README.md "Sessions"): a word of the user's that heads every e-mail we
 * send to the account, so a mail without it is not ours. Setting or changing it takes the step-up: the
 * password, an e-mail code and, when bound, the Google code.
 */
export function AntiPhishingSection({ gaBound, onSaved }: { gaBound: boolean; onSaved: (code: string) => void }) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<Record<Field, string>>({ code: '', password: '', emailCode: '', gaCode: '' });
  const [emailUuid, setEmailUuid] = useState<string | null>(null);
  const { errors, setErrors, place } = useFieldErrors<Field>('antiPhishing', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = Object.fromEntries(
      Object.entries({
        code: checkAntiPhishingCode(values.code),
        password: checkStepUpPassword(values.password),
        emailCode: checkCode(values.emailCode, emailUuid),
        gaCode: checkGaCode(values.gaCode, gaBound),
      }).filter(([, v]) => v),
    ) as FieldErrors<Field>;
    setErrors(found);
    if (Object.keys(found).length > 0 || !emailUuid) return;
    const outcome = await run(async () => {
      try {
        const saved = await setAntiPhishing({
          code: values.code.trim(),
          password: values.password,
          emailUuid,
          emailCode: values.emailCode.trim(),
          gaCode: values.gaCode.trim(),
        });
        onSaved(saved.antiPhishingCode);
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        if (!place(described.field, described.message)) setMessage(described.message);
        setValues((v) => ({ ...v, gaCode: '' }));
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="anti-phishing-form">
      <p className="td-field-hint">{t('safe.antiPhishing.explain')}</p>
      <TextField name="code" label={t('safe.antiPhishing.label')} autoComplete="off" value={values.code} onValue={set('code')} error={errors.code} />
      <p className="td-field-hint">{t('safe.stepUp')}</p>
      <TextField name="password" label={t('fields.password')} type="password" autoComplete="current-password" value={values.password} onValue={set('password')} error={errors.password} />
      <CodeField describeFailure={(failure) => describeError(t, failure).message} name="emailCode" label={t('fields.emailCode')} value={values.emailCode} onValue={set('emailCode')} error={errors.emailCode} request={() => sendEmailCode('antiPhishing')} onUuid={setEmailUuid} />
      {gaBound ? (
        <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.gaCode} onValue={set('gaCode')} error={errors.gaCode} />
      ) : null}
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="anti-phishing-submit">
        {submitting ? t('common.processing') : t('safe.antiPhishing.submit')}
      </button>
    </form>
  );
}
