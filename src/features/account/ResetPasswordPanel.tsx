import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { retrievePassword, sendEmailCodeNoLogin, sendSmsCode, verifyUser, type VerifiedUser } from './api.ts';
import { describeError } from './errors.ts';
import { checkPhone, validateResetPassword, type ResetPasswordForm } from './forms.ts';
import { type FieldErrors, CodeField, FormMessage, TextField, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { CaptchaField, useCaptcha } from './ui/CaptchaField.tsx';
import { isEmailFormat } from '../../lib/validation/index.ts';

type Field = keyof ResetPasswordForm | 'captchaCode';

/** The fields a refusal of the reset may name (those of the form's values; the captcha is the first step's). */
const RESET_FIELDS: readonly Field[] = ['username', 'type', 'areaCode', 'phone', 'code', 'newPassword', 'confirmPassword'];

/** spec §2 "Password reset by e-mail or phone": verify the user (image captcha), then a code and a new password. */
export function ResetPasswordPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [form, setForm] = useState<ResetPasswordForm>({ username: '', type: 'email', areaCode: '+852', phone: '', code: '', newPassword: '', confirmPassword: '' });
  const captchaState = useCaptcha('verifyUser', true);
  const { captcha } = captchaState;
  const captchaCode = captchaState.code;
  const [verified, setVerified] = useState<VerifiedUser | null>(null);
  const [codeUuid, setCodeUuid] = useState<string | null>(null);
  const { errors, setErrors, place } = useFieldErrors<Field>('reset', RESET_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { submitting, run } = useSubmit();
  const set = (field: keyof ResetPasswordForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const refreshCaptcha = captchaState.refresh;

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: FieldErrors<Field> = {};
    if (!isEmailFormat(form.username.trim())) found.username = { key: 'validation:errors.emailInvalid' };
    if (captchaCode.trim() === '') found.captchaCode = { key: 'account:errors.captchaRequired' };
    setErrors(found);
    if (Object.keys(found).length > 0 || !captcha) return;
    const outcome = await run(async () => {
      try {
        const user = await verifyUser({ username: form.username.trim(), captchaUuid: captcha.uuid, captchaCode: captchaCode.trim() });
        if (!user.exists) {
          setErrors({ username: { key: 'account:errors.userNotFound' } });
          refreshCaptcha();
          return;
        }
        setVerified(user);
      } catch (error) {
        const described = describeError(t, error);
        setErrors({ captchaCode: described.message });
        refreshCaptcha();
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const onReset = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validateResetPassword(form, codeUuid);
    setErrors(found);
    if (Object.keys(found).length > 0 || !codeUuid) return;
    const outcome = await run(async () => {
      try {
        await retrievePassword({ ...form, username: form.username.trim(), code: form.code.trim(), uuid: codeUuid });
        setDone(true);
      } catch (error) {
        const described = describeError(t, error, { emailCode: 'code', smsCode: 'code', emailUuid: 'code', smsUuid: 'code' });
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const sendCode = () =>
    form.type === 'email'
      ? sendEmailCodeNoLogin(form.username.trim(), 'resetPassword')
      : sendSmsCode({ areaCode: form.areaCode.trim(), phone: form.phone.trim(), username: form.username.trim(), businessType: 'resetPassword' });

  if (done) {
    return (
      <div className="td-auth-page">
        <div className="td-form td-auth-card">
          <h1>{t('reset.title')}</h1>
          <FormMessage tone="success" text={t('reset.done')} />
          <button type="button" className="td-button td-button-primary" onClick={onDone}>
            {t('reset.backToLogin')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="td-auth-page">
      {verified === null ? (
        <form className="td-form td-auth-card" noValidate onSubmit={(e) => void onVerify(e)} data-testid="reset-verify-form">
          <h1>{t('reset.title')}</h1>
          <TextField name="username" label={t('fields.email')} type="email" value={form.username} onValue={set('username')} error={errors.username} />
          <CaptchaField state={captchaState} error={errors.captchaCode} />
          <FormMessage text={message} />
          <button type="submit" className="td-button td-button-primary" disabled={submitting}>
            {submitting ? t('common.processing') : t('reset.next')}
          </button>
          <button type="button" className="td-link-button" onClick={onDone}>
            {t('reset.backToLogin')}
          </button>
        </form>
      ) : (
        <form className="td-form td-auth-card" noValidate onSubmit={(e) => void onReset(e)} data-testid="reset-form">
          <h1>{t('reset.title')}</h1>
          <fieldset className="td-choice">
            <legend>{t('reset.channel')}</legend>
            <label>
              <input type="radio" name="type" checked={form.type === 'email'} onChange={() => { setForm((f) => ({ ...f, type: 'email', code: '' })); setCodeUuid(null); }} />
              {t('reset.byEmail', { email: verified.email ?? '' })}
            </label>
            {verified.hasPhone ? (
              <label>
                <input type="radio" name="type" checked={form.type === 'phone'} onChange={() => { setForm((f) => ({ ...f, type: 'phone', code: '' })); setCodeUuid(null); }} />
                {t('reset.byPhone', { phone: `${verified.areaCode ?? ''} ${verified.phone ?? ''}` })}
              </label>
            ) : null}
          </fieldset>
          {form.type === 'phone' ? (
            <>
              <TextField name="areaCode" label={t('fields.areaCode')} value={form.areaCode} onValue={set('areaCode')} error={errors.areaCode} />
              <TextField name="phone" label={t('fields.phone')} inputMode="numeric" value={form.phone} onValue={set('phone')} error={errors.phone} />
            </>
          ) : null}
          <CodeField describeFailure={(failure) => describeError(t, failure).message}
            key={form.type}
            name="code"
            label={form.type === 'email' ? t('fields.emailCode') : t('fields.smsCode')}
            value={form.code}
            onValue={set('code')}
            error={errors.code}
            onUuid={setCodeUuid}
            precheck={() => (form.type === 'phone' ? (checkPhone(form.areaCode, form.phone).phone ?? checkPhone(form.areaCode, form.phone).areaCode ?? null) : null)}
            request={sendCode}
          />
          <TextField name="newPassword" label={t('fields.newPassword')} type="password" autoComplete="new-password" value={form.newPassword} onValue={set('newPassword')} error={errors.newPassword} />
          <TextField name="confirmPassword" label={t('fields.confirmPassword')} type="password" autoComplete="new-password" value={form.confirmPassword} onValue={set('confirmPassword')} error={errors.confirmPassword} />
          <FormMessage text={message} />
          <button type="submit" className="td-button td-button-primary" disabled={submitting}>
            {submitting ? t('common.processing') : t('reset.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
