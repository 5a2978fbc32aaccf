import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendEmailCode, setAntiPhishing } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkAntiPhishingCode } from '../forms.ts';
import { type FieldErrors, FormMessage, TextField, useSubmit, useFieldErrors } from '../../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUpFactor } from '../../../components/step-up/index.ts';

type Field = 'code' | StepUpFactor;
const STEP_UP: readonly StepUpFactor[] = ['password', 'emailCode'];
const STEP_UP_BOUND: readonly StepUpFactor[] = ['password', 'emailCode', 'gaCode'];

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly Field[] = ['code', 'password', 'emailCode', 'gaCode'];

/**
 * The anti-phishing code (server/README.md "Sessions"): a word of the user's that heads every e-mail we
 * send to the account, so a mail without it is not ours. Setting or changing it takes the step-up: the
 * password, an e-mail code and, when bound, the Google code.
 */
export function AntiPhishingSection({ gaBound, onSaved }: { gaBound: boolean; onSaved: (code: string) => void }) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  // server/README.md "Step-up": antiPhishing/set takes the password, its e-mail code and the Google code while bound.
  const stepUp = useStepUp({ factors: gaBound ? STEP_UP_BOUND : STEP_UP });
  const { errors, setErrors, place } = useFieldErrors<Field>('antiPhishing', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const codeIssue = checkAntiPhishingCode(code);
    const found: FieldErrors<Field> = { ...(codeIssue ? { code: codeIssue } : {}), ...stepUp.check() };
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        const saved = await setAntiPhishing({ code: code.trim(), ...factors, password: stepUp.values.password, gaCode: factors.gaCode ?? '' });
        onSaved(saved.antiPhishingCode);
      } catch (error) {
        const described = describeError(t, error, { emailUuid: 'emailCode' });
        stepUp.learn(error);
        if (!place(described.field, described.message)) setMessage(described.message);
        stepUp.clearGaCode();
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="anti-phishing-form">
      <p className="td-field-hint">{t('safe.antiPhishing.explain')}</p>
      <TextField name="code" label={t('safe.antiPhishing.label')} autoComplete="off" value={code} onValue={setCode} error={errors.code} />
      <StepUpFields
        stepUp={stepUp}
        errors={errors}
        intro={t('safe.stepUp')}
        labels={{ password: t('fields.password'), emailCode: t('fields.emailCode'), gaCode: t('fields.gaCode') }}
        sendEmailCode={() => sendEmailCode('antiPhishing')}
        describeFailure={(failure) => describeError(t, failure).message}
        gaMaxLength={6}
      />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="anti-phishing-submit">
        {submitting ? t('common.processing') : t('safe.antiPhishing.submit')}
      </button>
    </form>
  );
}
