import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bindGaInfo, generateGaInfo, sendEmailCode, type GaInfo } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkCode, checkGaCode, type FieldErrors } from '../forms.ts';
import { CodeField } from '../ui/CodeField.tsx';
import { FormMessage, TextField } from '../ui/Field.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { useSubmit } from '../use-submit.ts';

type GaField = 'gaCode' | 'emailCode';

/**
 * spec §6/§7 Google authenticator: generateGaInfo gives the secret and its otpauth URI (shown as a QR code
 * and as text for manual entry), bindGaInfo checks a code from the app. A rebind also takes an e-mail code.
 */
export function GaSection({ bound, onBound }: { bound: boolean; onBound: () => void }) {
  const { t } = useTranslation('account');
  const [ga, setGa] = useState<GaInfo | null>(null);
  const [gaCode, setGaCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [emailUuid, setEmailUuid] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<GaField>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();

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
    const found: FieldErrors<GaField> = {};
    const gaIssue = checkGaCode(gaCode, true);
    if (gaIssue) found.gaCode = gaIssue;
    const emailIssue = bound ? checkCode(emailCode, emailUuid) : undefined;
    if (emailIssue) found.emailCode = emailIssue;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await run(async () => {
      try {
        await bindGaInfo({ secretKey: ga.secretKey, gaCode: gaCode.trim(), ...(bound && emailUuid ? { emailUuid, emailCode: emailCode.trim() } : {}) });
        onBound();
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        if (described.field === 'gaCode' || described.field === 'emailCode') setErrors({ [described.field]: described.message });
        else setMessage(described.message);
        setGaCode('');
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
      {bound ? (
        <CodeField name="emailCode" label={t('fields.emailCode')} value={emailCode} onValue={setEmailCode} error={errors.emailCode} request={() => sendEmailCode('bindGa')} onUuid={setEmailUuid} />
      ) : null}
      <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={gaCode} onValue={setGaCode} error={errors.gaCode} />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="ga-bind-submit">
        {submitting ? t('common.processing') : t('safe.ga.bind')}
      </button>
    </form>
  );
}
