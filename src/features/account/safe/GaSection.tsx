import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bindGaInfo, generateGaInfo, sendEmailCode, type GaInfo } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkGaCode, type FieldErrors, FormMessage, TextField, QrCode, useSubmit, useFieldErrors } from '../../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUpFactor } from '../../../components/step-up/index.ts';
import { asFactorErrors, asFormErrors, type FactorNames } from './factor-names.ts';

type GaField = 'gaCode' | 'emailCode' | 'password' | 'currentGaCode';

// server/README.md "Step-up": bindGaInfo takes the password, its e-mail code and, to rebind, the code of the
// authenticator bound now — the step-up's Google code, here named currentGaCode beside the new code.
const STEP_UP: readonly StepUpFactor[] = ['password', 'emailCode'];
const STEP_UP_REBIND: readonly StepUpFactor[] = ['password', 'emailCode', 'gaCode'];
const NAMES: FactorNames<GaField> = { password: 'password', emailCode: 'emailCode', gaCode: 'currentGaCode' };

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
  const [gaCode, setGaCode] = useState('');
  const stepUp = useStepUp({ factors: bound ? STEP_UP_REBIND : STEP_UP });
  const { errors, setErrors, place } = useFieldErrors<GaField>('ga', FIELDS);
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
    const newCodeIssue = checkGaCode(gaCode, true);
    const found: FieldErrors<GaField> = { ...asFormErrors(stepUp.check(), NAMES), ...(newCodeIssue ? { gaCode: newCodeIssue } : {}) };
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        await bindGaInfo({
          secretKey: ga.secretKey,
          gaCode: gaCode.trim(),
          password: stepUp.values.password,
          emailUuid: factors.emailUuid,
          emailCode: factors.emailCode,
          currentGaCode: factors.gaCode ?? '',
        });
        onBound();
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        if (!place(described.field, described.message)) setMessage(described.message);
        setGaCode('');
        stepUp.clearGaCode();
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
      <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={gaCode} onValue={setGaCode} error={errors.gaCode} />
      <p className="td-field-hint" data-testid="ga-step-up">{t('safe.stepUp')}</p>
      <StepUpFields
        stepUp={stepUp}
        errors={asFactorErrors(errors, NAMES)}
        labels={{ password: t('fields.password'), emailCode: t('fields.emailCode'), gaCode: t('fields.currentGaCode') }}
        names={NAMES}
        sendEmailCode={() => sendEmailCode('bindGa')}
        describeFailure={(failure) => describeError(t, failure).message}
        gaMaxLength={6}
      />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="ga-bind-submit">
        {submitting ? t('common.processing') : t('safe.ga.bind')}
      </button>
    </form>
  );
}
