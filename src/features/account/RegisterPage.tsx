import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LANGUAGES, normaliseLanguage } from '../../lib/i18n/index.ts';
import { validateBusinessEmail } from '../../lib/validation/index.ts';
import { register, sendEmailCodeNoLogin } from './api.ts';
import { describeError } from './errors.ts';
import { validateRegister, type RegisterField, type RegisterForm } from './forms.ts';
import { CodeField, Field, FormMessage, TextField, useClearWhenValid, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import './account.css';

const SERVER_FIELDS: Record<string, RegisterField> = { emailUuid: 'emailCode', emailCode: 'emailCode' };

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly RegisterField[] = ['firstName', 'lastName', 'email', 'emailCode', 'areaCode', 'whatsapp', 'telegram', 'preferredLanguage', 'companyName', 'password', 'confirmPassword', 'agreement'];

/** spec §2 registration: every field, with the rules of spec §5. */
export default function RegisterPage() {
  const { t } = useTranslation('account');
  const { lang } = useParams();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>({
    firstName: '',
    lastName: '',
    email: '',
    emailCode: '',
    areaCode: '+852',
    whatsapp: '',
    telegram: '',
    preferredLanguage: normaliseLanguage(lang),
    companyName: '',
    password: '',
    confirmPassword: '',
    agreement: false,
  });
  const [emailUuid, setEmailUuid] = useState<string | null>(null);
  const [codeEmail, setCodeEmail] = useState<string | null>(null);
  const { errors, setErrors, place } = useFieldErrors<RegisterField>('register', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: RegisterField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  // A code belongs to the address it was sent to: changing the address means fetching a new one.
  const currentUuid = codeEmail === form.email.trim() ? emailUuid : null;
  // A corrected field loses its error at once; the confirmation is checked again when the password changes.
  useClearWhenValid(form, errors, setErrors, () => validateRegister(form, currentUuid), { password: ['confirmPassword'] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validateRegister(form, currentUuid);
    setErrors(found);
    if (Object.keys(found).length > 0 || !currentUuid) return;
    const outcome = await run(async () => {
      try {
        await register({ ...form, email: form.email.trim(), emailCode: form.emailCode.trim(), emailUuid: currentUuid, whatsapp: form.whatsapp.trim(), telegram: form.telegram.trim() });
        navigate(`/${lang}/login`, { state: { registered: form.email.trim() } });
      } catch (error) {
        const described = describeError(t, error, SERVER_FIELDS);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const text = (field: RegisterField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={field} label={label} value={form[field] as string} onValue={set(field)} error={errors[field]} {...extra} />
  );

  return (
    <div className="td-auth-page">
      <form className="td-form td-auth-card td-auth-card-wide" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="register-form">
        <h1>{t('register.title')}</h1>
        <div className="td-form-row">
          {text('firstName', t('fields.firstName'), { autoComplete: 'given-name' })}
          {text('lastName', t('fields.lastName'), { autoComplete: 'family-name' })}
        </div>
        {text('email', t('fields.businessEmail'), { type: 'email', autoComplete: 'email' })}
        <CodeField describeFailure={(failure) => describeError(t, failure).message}
          name="emailCode"
          label={t('fields.emailCode')}
          value={form.emailCode}
          onValue={set('emailCode')}
          error={errors.emailCode}
          precheck={() => {
            const problem = validateBusinessEmail(form.email.trim());
            return problem ? { key: `validation:${problem.key}` } : null;
          }}
          request={() => {
            setCodeEmail(form.email.trim());
            return sendEmailCodeNoLogin(form.email.trim(), 'register');
          }}
          onUuid={setEmailUuid}
        />
        <div className="td-form-row">
          {text('areaCode', t('fields.areaCode'), { inputMode: 'tel' })}
          {text('whatsapp', t('fields.whatsapp'), { inputMode: 'tel' })}
        </div>
        {text('telegram', t('fields.telegram'))}
        <Field name="preferredLanguage" label={t('fields.preferredLanguage')} error={errors.preferredLanguage}>
          {(aria) => (
            <select {...aria} data-testid="input-preferredLanguage" value={form.preferredLanguage} onChange={(e) => set('preferredLanguage')(e.target.value)}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {t(`common:languages.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('companyName', t('fields.companyName'), { autoComplete: 'organization' })}
        {text('password', t('fields.password'), { type: 'password', autoComplete: 'new-password' })}
        {text('confirmPassword', t('fields.confirmPassword'), { type: 'password', autoComplete: 'new-password' })}
        <Field name="agreement" label={t('fields.agreement')} error={errors.agreement}>
          {(aria) => (
            <label className="td-checkbox">
              <input {...aria} type="checkbox" data-testid="input-agreement" checked={form.agreement} onChange={(e) => setForm((f) => ({ ...f, agreement: e.target.checked }))} />
              {t('register.agreement')}
            </label>
          )}
        </Field>
        <FormMessage text={message} />
        <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="register-submit">
          {submitting ? t('common.processing') : t('register.submit')}
        </button>
        <div className="td-auth-links">
          <Link to={`/${lang}/login`}>{t('register.toLogin')}</Link>
        </div>
      </form>
    </div>
  );
}
