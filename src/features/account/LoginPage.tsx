import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { session } from '../../lib/session/index.ts';
import { safeRedirectTarget } from '../../app/paths.ts';
import { login, preLogin } from './api.ts';
import { asksForCaptcha, describeError, type FormError } from './errors.ts';
import { validateLogin, type LoginForm } from './forms.ts';
import { type FieldErrors, FormMessage, TextField, useClearWhenValid, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { HelpLink } from '../help/shared.ts';
import { bootstrapSession } from './session-bootstrap.ts';
import { GaResetPanel } from './GaResetPanel.tsx';
import { ResetPasswordPanel } from './ResetPasswordPanel.tsx';
import { CaptchaField, useCaptcha } from './ui/CaptchaField.tsx';
import './account.css';

type Field = keyof LoginForm | 'captchaCode';

/** The fields a refusal may name (those of the form's values, and the captcha). */
const FIELDS: readonly Field[] = ['username', 'password', 'gaCode', 'captchaCode'];

/** spec §4 "Login": a pre-login step first, then login returns the token; failure resets the session. */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const { lang } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const arrival = location.state as { registered?: string; passwordChanged?: boolean; frozen?: boolean } | null;
  const registered = arrival?.registered;
  const [mode, setMode] = useState<'login' | 'reset' | 'gaReset'>('login');
  const [form, setForm] = useState<LoginForm>({ username: registered ?? '', password: '', gaCode: '' });
  const [needGaCode, setNeedGaCode] = useState(false);
  const { errors: issues, setErrors: setIssues, place } = useFieldErrors<Field>('login', FIELDS);
  // After an account's first failed sign-ins the server asks for the image captcha (10040, or 10001 saying
  // captchaRequired); from then on every try carries one, and a used one is replaced.
  const [captchaActive, setCaptchaActive] = useState(false);
  const captcha = useCaptcha('login', captchaActive);
  const [message, setMessage] = useState<string | null>(null);
  // spec §8 lockout messages and failed sign-ins link to the article on passwords and lockouts (spec §1 help centre).
  const [help, setHelp] = useState<FormError['help']>();
  const { submitting, run } = useSubmit();

  const set = (field: keyof LoginForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const checkForm = (): FieldErrors<Field> => {
    const found: FieldErrors<Field> = validateLogin(form, needGaCode);
    if (captchaActive && captcha.code.trim() === '') found.captchaCode = { key: 'account:errors.captchaRequired' };
    return found;
  };
  // A corrected field loses its error at once, not at the next submit.
  useClearWhenValid({ ...form, captchaCode: captcha.code }, issues, setIssues, checkForm);
  // The Google-code step is a step of signing in, not a mistake: a line that says what to do, and the field focused.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (needGaCode) formRef.current?.querySelector<HTMLInputElement>('input[name="gaCode"]')?.focus();
  }, [needGaCode]);
  // spec §8: an expired session (the idle time-out, or a revoked one) lands here; say so rather than a bare form.
  const expired = params.get('expired') === '1';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkForm();
    setIssues(found);
    setMessage(null);
    setHelp(undefined);
    if (Object.keys(found).length > 0) return;
    const outcome = await run(async () => {
      const credentials = { username: form.username.trim(), password: form.password };
      const answer = captcha.fields();
      try {
        if (!needGaCode) {
          const pre = await preLogin({ ...credentials, ...answer });
          if (pre.needGaCode) {
            // The authenticator is bound: ask for its code before the real login.
            setNeedGaCode(true);
            setIssues({});
            return;
          }
        }
        // A passed pre-login cleared the account's failures: the login itself needs no second captcha.
        const { token } = await login({ ...credentials, ...(needGaCode ? answer : {}), gaCode: form.gaCode.trim() });
        session.actions.signIn(token);
        await bootstrapSession();
        navigate(safeRedirectTarget(params.get('redirect'), `/${lang}/account/information`), { replace: true });
      } catch (error) {
        // spec §4/§8: a failed login resets the session; 'verification failed, please log in again'.
        session.actions.signOut();
        const described = describeError(t, error, { username: 'username', password: 'password' });
        if (asksForCaptcha(error)) {
          if (captchaActive) captcha.refresh();
          else setCaptchaActive(true);
        }
        if (!place(described.field, described.message)) {
          setMessage(described.message);
          setHelp(described.help);
        }
        setForm((f) => ({ ...f, password: described.field === 'gaCode' ? f.password : '', gaCode: '' }));
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  if (mode === 'reset') return <ResetPasswordPanel onDone={() => setMode('login')} />;
  if (mode === 'gaReset') return <GaResetPanel initialUsername={form.username.trim()} onDone={() => setMode('login')} />;

  return (
    <div className="td-auth-page">
      <form ref={formRef} className="td-form td-auth-card" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="login-form">
        <h1>{t('login.title')}</h1>
        {expired && !registered ? (
          <p className="td-form-message td-form-message-info" role="status" data-testid="login-expired">
            {t('login.expired')}
          </p>
        ) : null}
        {registered ? <FormMessage tone="success" text={t('register.done')} /> : null}
        {arrival?.passwordChanged ? <FormMessage tone="success" text={t('login.passwordChanged')} /> : null}
        {arrival?.frozen ? <FormMessage tone="success" text={t('login.frozen')} /> : null}
        <TextField name="username" label={t('fields.email')} type="email" autoComplete="username" value={form.username} onValue={set('username')} error={issues.username} />
        <TextField name="password" label={t('fields.password')} type="password" autoComplete="current-password" value={form.password} onValue={set('password')} error={issues.password} />
        {needGaCode ? (
          <p className="td-form-message td-form-message-info" role="status" data-testid="login-ga-step">
            {t('login.gaStep')}
          </p>
        ) : null}
        {needGaCode ? (
          <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.gaCode} onValue={set('gaCode')} error={issues.gaCode} />
        ) : null}
        {captchaActive ? <CaptchaField state={captcha} error={issues.captchaCode} /> : null}
        <FormMessage text={message} helpLink={help ? <HelpLink article={help} variant="error" /> : null} />
        <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="login-submit">
          {submitting ? t('common.processing') : t('login.submit')}
        </button>
        <div className="td-auth-links">
          <button type="button" className="td-link-button" data-testid="forgot-password" onClick={() => setMode('reset')}>
            {t('login.forgot')}
          </button>
          {needGaCode ? (
            <button type="button" className="td-link-button" data-testid="lost-ga" onClick={() => setMode('gaReset')}>
              {t('login.lostGa')}
            </button>
          ) : null}
          <Link to={`/${lang}/register`}>{t('login.toRegister')}</Link>
        </div>
      </form>
    </div>
  );
}
