import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, useFieldErrors, useSubmit } from '../../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUpFactor } from '../../../components/step-up/index.ts';
import { describeError, useAccountInfo } from '../../account/index.ts';
import { describeConfigError } from './errors.ts';
import { FormButtons } from './FormButtons.tsx';

/** server/broker/README.md: confirming an address or a notification e-mail takes the e-mail code alone. */
const FACTORS: readonly StepUpFactor[] = ['emailCode'];

/**
 * The e-mail step of adding an address or a notification e-mail (server/broker/README.md): send the code (the
 * invoke call; spec §5 the 1 s repeat guard and the resend countdown are CodeField's), type it, confirm. The
 * code must be fetched first; a wrong or expired code is shown beside the field.
 */
export function CodeStep({
  subject,
  request,
  confirm,
  onCancel,
  testId,
}: {
  /** What is being confirmed, in words (the address's name and address, or the e-mail). */
  subject: string;
  request: () => Promise<{ uuid: string }>;
  confirm: (code: { emailUuid: string; emailCode: string }) => Promise<void>;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation('broker-config');
  const info = useAccountInfo();
  const stepUp = useStepUp({ factors: FACTORS });
  const { errors, setErrors, place } = useFieldErrors<StepUpFactor>('code', FACTORS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = stepUp.check();
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        await confirm({ emailUuid: factors.emailUuid, emailCode: factors.emailCode });
      } catch (error) {
        const described = describeConfigError(t, error);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('account:errors.clickOnce'));
  };

  return (
    <form className="td-form td-broker-config-code" noValidate onSubmit={(e) => void onSubmit(e)} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h3 id={`${testId}-title`}>{t('code.title')}</h3>
      <p className="td-broker-config-subject">{t('code.subject', { subject })}</p>
      <p className="td-field-hint">{t('code.explain', { email: info?.email ?? '' })}</p>
      <StepUpFields stepUp={stepUp} errors={errors} labels={{ emailCode: t('code.label') }} sendEmailCode={request} describeFailure={(failure) => describeError(t, failure).message} />
      <FormMessage text={message} />
      <FormButtons submitting={submitting} submitText={t('code.confirm')} onCancel={onCancel} testId={`${testId}-confirm`} />
    </form>
  );
}
