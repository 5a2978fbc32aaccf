import { useTranslation } from 'react-i18next';
import { useStepUpForm } from '../../../components/address-book/index.ts';
import { FormMessage } from '../../../components/form/index.ts';
import { StepUpFields, type StepUpFactor } from '../../../components/step-up/index.ts';
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
  const form = useStepUpForm<StepUpFactor>({ scope: 'code', fields: FACTORS, factors: FACTORS, describe: (error) => describeConfigError(t, error), clickOnce: t('account:errors.clickOnce') });

  return (
    <form
      className="td-form td-broker-config-code"
      noValidate
      onSubmit={(e) => void form.submitWithFactors(e, () => ({}), (factors) => confirm({ emailUuid: factors.emailUuid, emailCode: factors.emailCode }))}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <h3 id={`${testId}-title`}>{t('code.title')}</h3>
      <p className="td-broker-config-subject">{t('code.subject', { subject })}</p>
      <p className="td-field-hint">{t('code.explain', { email: info?.email ?? '' })}</p>
      <StepUpFields stepUp={form.stepUp} errors={form.errors} labels={{ emailCode: t('code.label') }} sendEmailCode={request} describeFailure={(failure) => describeError(t, failure).message} />
      <FormMessage text={form.message} />
      <FormButtons submitting={form.submitting} submitText={t('code.confirm')} onCancel={onCancel} testId={`${testId}-confirm`} />
    </form>
  );
}
