import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bindGaInfo, generateGaInfo, sendEmailCode, type GaInfo } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkCode, checkGaCode, checkStepUpPassword, type FieldErrors, CodeField, FormMessage, TextField, QrCode, useSubmit, useFieldErrors } from '../../../components/form/index.ts';

type GaField = 'gaCode' | 'emailCode' | 'password' | 'currentGaCode';

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly GaField[] = ['gaCode', 'emailCode', 'password', 'currentGaCode'];

/**
 * spec §6/§7 Google authenticator: generateGaInfo gives the secret and its otpauth URI (shown as a QR code
 * and as text for manual entry), bindGaInfo checks a code from the app. Binding — first bind or rebind —
 * takes the step-up re-authentication: the account password, an e-mail code and, to rebind, the code of the
 * authenticator bound now (a session token alone must not bind a second factor).
 */
export function GaSection({ bound, onBound }: { bound: boolean; onBound: () => void }) {
  const { t } = useTranslation('account');
  const [ga, setGa] = useState<GaInfo | null>(null);
  const [values, setValues] = useState<Record<GaField, string>>({ gaCode: '', emailCode: '', password: '', currentGaCode: '' });
  const [emailUuid, setEmailUuid] = useState<string | null>(null);
  const { errors, setErrors, place } = useFieldErrors<GaField>('ga', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: GaField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  if (ga === null) {
    const start = async () => {
      setMessage(null);
      const outcome = await run(async () => {
        try {
          setGa(await generateGaInfo());
        } catch (error) {
          setMessage(describeError(t, error).message);
        }
      });
      if (outcome === 'busy') setMessage(t('errors.clickOnce'));
    };
    return (
      <div>
        <p>{t('safe.ga.intro')}</p>
        <FormMessage text={message} />
        <button type="button" className="td-button td-button-primary" data-testid="ga-generate" disabled={submitting} onClick={() => void start()}>
          {submitting ? t('common.processing') : t('safe.ga.generate')}
        </button>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = Object.fromEntries(
      Object.entries({
        password: checkStepUpPassword(values.password),
        emailCode: checkCode(values.emailCode, emailUuid),
        currentGaCode: checkGaCode(values.currentGaCode, bound),
        gaCode: checkGaCode(values.gaCode, true),
      }).filter(([, v]) => v),
    ) as FieldErrors<GaField>;
    setErrors(found);
    if (Object.keys(found).length > 0 || !emailUuid) return;
    const outcome = await run(async () => {
      try {
        await bindGaInfo({
          secretKey: ga.secretKey,
          gaCode: values.gaCode.trim(),
          password: values.password,
          emailUuid,
          emailCode: values.emailCode.trim(),
          currentGaCode: bound ? values.currentGaCode.trim() : '',
        });
        onBound();
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        if (!place(described.field, described.message)) setMessage(described.message);
        setValues((v) => ({ ...v, gaCode: '', currentGaCode: '' }));
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="ga-form">
      <ol className="td-steps">
        <li>{t('safe.ga.step1')}</li>
        <li>
          {t('safe.ga.step2')}
          <div className="td-ga-key">
            <QrCode value={ga.otpauthUrl} label={t('safe.ga.qrLabel')} />
            <div>
              <div className="td-field-hint">{t('safe.ga.manual')}</div>
              <code data-testid="ga-secret">{ga.secretKey}</code>
            </div>
          </div>
        </li>
        <li>{t('safe.ga.step3')}</li>
      </ol>
      <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.gaCode} onValue={set('gaCode')} error={errors.gaCode} />
      <p className="td-field-hint" data-testid="ga-step-up">{t('safe.stepUp')}</p>
      <TextField name="password" label={t('fields.password')} type="password" autoComplete="current-password" value={values.password} onValue={set('password')} error={errors.password} />
      <CodeField describeFailure={(failure) => describeError(t, failure).message} name="emailCode" label={t('fields.emailCode')} value={values.emailCode} onValue={set('emailCode')} error={errors.emailCode} request={() => sendEmailCode('bindGa')} onUuid={setEmailUuid} />
      {bound ? (
        <TextField name="currentGaCode" label={t('fields.currentGaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.currentGaCode} onValue={set('currentGaCode')} error={errors.currentGaCode} />
      ) : null}
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="ga-bind-submit">
        {submitting ? t('common.processing') : t('safe.ga.bind')}
      </button>
    </form>
  );
}
