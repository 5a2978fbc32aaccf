import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailFormat } from '../../lib/validation/index.ts';
import { GA_RESET_RESTRICTION_HOURS } from '../../../contract/rules.ts';
import { applyGaReset, gaResetStatus, sendEmailCodeNoLogin, type GaResetState } from './api.ts';
import { asksForCaptcha, describeError } from './errors.ts';
import { checkCode, checkStepUpPassword, type FieldErrors, CodeField, FormMessage, TextField, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { CaptchaField, useCaptcha } from './ui/CaptchaField.tsx';

type Field = 'username' | 'password' | 'emailCode';

/** The fields a refusal may name (those of the form's values, and the captcha). */
const FIELDS: readonly (Field | 'captchaCode')[] = ['username', 'password', 'emailCode', 'captchaCode'];

/** The request id is the applicant's only handle on the request (they cannot sign in): kept for this browser. */
const STORAGE_KEY = 'td.gaResetRequestId';

function storedRequestId(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeRequestId(id: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Private mode without storage: the status shows for this visit only.
  }
}

/**
 * Lost Google authenticator (server/README.md "Google authenticator reset"): user name, password and an
 * e-mail code open a request that operations review (KYC re-check); the panel shows its status.
 */
export function GaResetPanel({ initialUsername, onDone }: { initialUsername: string; onDone: () => void }) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<Record<Field, string>>({ username: initialUsername, password: '', emailCode: '' });
  const [emailUuid, setEmailUuid] = useState<{ uuid: string | null; email: string }>({ uuid: null, email: '' });
  const { errors, setErrors, place } = useFieldErrors<Field | 'captchaCode'>('gaReset', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [request, setRequest] = useState<GaResetState | null>(null);
  // As at sign-in: after the account's first failed passwords the server asks for the image captcha.
  const [captchaActive, setCaptchaActive] = useState(false);
  const captcha = useCaptcha('login', captchaActive);
  const { submitting, run } = useSubmit();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const username = values.username.trim();
  const codeUuid = emailUuid.email === username ? emailUuid.uuid : null;

  useEffect(() => {
    const id = storedRequestId();
    if (!id) return undefined;
    let live = true;
    gaResetStatus(id).then(
      (state) => live && setRequest(state),
      () => undefined, // A forgotten or unknown id: show the form.
    );
    return () => {
      live = false;
    };
  }, []);

  const usernameIssue = () => (isEmailFormat(username) ? null : { key: 'validation:errors.emailInvalid' });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = Object.fromEntries(
      Object.entries({
        username: usernameIssue() ?? undefined,
        password: checkStepUpPassword(values.password),
        emailCode: checkCode(values.emailCode, codeUuid),
        captchaCode: captchaActive && captcha.code.trim() === '' ? { key: 'account:errors.captchaRequired' } : undefined,
      }).filter(([, v]) => v),
    ) as FieldErrors<Field | 'captchaCode'>;
    setErrors(found);
    if (Object.keys(found).length > 0 || !codeUuid) return;
    const outcome = await run(async () => {
      try {
        const state = await applyGaReset({
          username,
          password: values.password,
          emailUuid: codeUuid,
          emailCode: values.emailCode.trim(),
          ...captcha.fields(),
        });
        storeRequestId(state.requestId);
        setRequest(state);
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        if (asksForCaptcha(error)) {
          if (captchaActive) captcha.refresh();
          else setCaptchaActive(true);
        }
        if (!place(described.field, described.message)) setMessage(described.message);
        setValues((v) => ({ ...v, password: '' }));
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const refresh = async () => {
    if (!request) return;
    setMessage(null);
    try {
      setRequest(await gaResetStatus(request.requestId));
    } catch (error) {
      setMessage(describeError(t, error).message);
    }
  };

  const statusText = (state: GaResetState): string =>
    state.status === 'rejected' ? t('gaReset.status.rejected', { reason: state.rejectReason ?? '' }) : t(`gaReset.status.${state.status}`);

  return (
    <div className="td-auth-page">
      <form className="td-form td-auth-card" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="ga-reset-form">
        <h1>{t('gaReset.title')}</h1>
        {request ? (
          <>
            <h2>{t('gaReset.statusTitle')}</h2>
            <div data-testid="ga-reset-status" data-status={request.status}>
              <FormMessage tone={request.status === 'rejected' ? 'error' : 'success'} text={statusText(request)} />
            </div>
            <FormMessage text={message} />
            {request.status === 'review' ? (
              <button type="button" className="td-button td-button-secondary" data-testid="ga-reset-refresh" onClick={() => void refresh()}>
                {t('gaReset.refresh')}
              </button>
            ) : null}
          </>
        ) : (
          <>
            <p className="td-field-hint">{t('gaReset.intro', { hours: GA_RESET_RESTRICTION_HOURS })}</p>
            <TextField name="username" label={t('fields.email')} type="email" autoComplete="username" value={values.username} onValue={set('username')} error={errors.username} />
            <TextField name="password" label={t('fields.password')} type="password" autoComplete="current-password" value={values.password} onValue={set('password')} error={errors.password} />
            <CodeField describeFailure={(failure) => describeError(t, failure).message}
              name="emailCode"
              label={t('fields.emailCode')}
              value={values.emailCode}
              onValue={set('emailCode')}
              error={errors.emailCode}
              precheck={usernameIssue}
              request={() => sendEmailCodeNoLogin(username, 'resetGa')}
              onUuid={(uuid) => setEmailUuid({ uuid, email: username })}
            />
            {captchaActive ? <CaptchaField state={captcha} error={errors.captchaCode} /> : null}
            <FormMessage text={message} />
            <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="ga-reset-submit">
              {submitting ? t('common.processing') : t('gaReset.submit')}
            </button>
          </>
        )}
        <div className="td-auth-links">
          <button type="button" className="td-link-button" data-testid="ga-reset-back" onClick={onDone}>
            {t('gaReset.back')}
          </button>
        </div>
      </form>
    </div>
  );
}
