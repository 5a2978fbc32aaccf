import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import { FormMessage, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUpFactor } from '../../components/step-up/index.ts';
import { HelpLink, type HelpArea, type HelpArticleId } from '../help/shared.ts';
import { describeWalletError } from './errors.ts';

/** spec §6: a withdrawal's confirm step asks for the e-mail code its invoke sent and the Google code. */
const FACTORS: readonly StepUpFactor[] = ['emailCode', 'gaCode'];

export interface Codes {
  emailUuid: string;
  emailCode: string;
  gaCode: string;
}

/**
 * spec §6: the e-mail code sent by a withdrawal's first step and the Google code; nothing moves without both.
 * `onResend` (where the call exists) sends a fresh e-mail code for the same withdrawal.
 */
export function VerifyCodes({
  facts,
  emailUuid: firstUuid,
  expiresAt,
  onConfirm,
  onBack,
  onResend,
  area = 'withdraw',
}: {
  facts: ReactNode;
  emailUuid: string | null;
  expiresAt: string | null;
  onConfirm: (codes: Codes) => Promise<void>;
  onBack: () => void;
  onResend?: () => Promise<string | null>;
  /** Which help articles explain its refusals (coin or fiat withdrawal). */
  area?: HelpArea;
}) {
  const { t } = useTranslation('wallet');
  const stepUp = useStepUp({ factors: FACTORS, emailUuid: firstUuid });
  const { errors, setErrors, place } = useFieldErrors<StepUpFactor>('withdraw', FACTORS);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(firstUuid ? null : { text: t('withdraw.codeNotSent'), tone: 'error' });
  const [help, setHelp] = useState<HelpArticleId | undefined>();
  const { submitting, run } = useSubmit();
  // The step replaces the form the person submitted: focus goes to its heading, not to the page body (WCAG 2.4.3;
  // as the convert screen's steps do, ResultPanel).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setHelp(undefined);
    const found = stepUp.check();
    setErrors(found);
    const body = stepUp.body();
    if (Object.keys(found).length > 0 || !body) return;
    const outcome = await run(async () => {
      try {
        await onConfirm({ emailUuid: body.emailUuid, emailCode: body.emailCode, gaCode: body.gaCode ?? '' });
      } catch (error) {
        const described = describeWalletError(t, error, { emailUuid: 'emailCode' }, area);
        setHelp(described.help);
        stepUp.learn(error);
        if (!place(described.field, described.message)) setMessage({ text: described.message, tone: 'error' });
        stepUp.clearGaCode();
      }
    });
    if (outcome === 'busy') setMessage({ text: t('errors.clickOnce'), tone: 'error' });
  };

  const resend = onResend
    ? () =>
        void run(async () => {
          setMessage(null);
          try {
            const uuid = await onResend();
            stepUp.setEmailUuid(uuid);
            setMessage({ text: t('withdraw.codeResent'), tone: 'success' });
          } catch (error) {
            setMessage({ text: describeWalletError(t, error).message, tone: 'error' });
          }
        })
    : null;

  return (
    <form className="td-wallet-form td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="withdraw-verify" aria-labelledby="withdraw-verify-title">
      <h2 id="withdraw-verify-title" ref={heading} tabIndex={-1} data-testid="withdraw-verify-title">
        {t('withdraw.verifyTitle')}
      </h2>
      {facts}
      <p className="td-field-hint">{t('withdraw.codeSent', { time: formatDateTime(expiresAt, { zone: true }) })}</p>
      <StepUpFields
        stepUp={stepUp}
        errors={errors}
        labels={{ emailCode: t('fields.emailCode'), gaCode: t('fields.gaCode') }}
        describeFailure={(failure) => describeWalletError(t, failure).message}
        gaMaxLength={6}
        afterEmailCode={
          resend ? (
            <button type="button" className="td-link-button" disabled={submitting} onClick={resend} data-testid="withdraw-resend">
              {t('withdraw.resend')}
            </button>
          ) : null
        }
      />
      <FormMessage text={message?.text ?? null} tone={message?.tone ?? 'error'} helpLink={help ? <HelpLink article={help} variant="error" /> : null} />
      <div className="td-wallet-actions">
        <button type="button" className="td-button td-button-secondary" onClick={onBack}>
          {t('withdraw.back')}
        </button>
        <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="withdraw-confirm">
          {submitting ? t('common.processing') : area === 'fiatWithdraw' ? t('fiat.confirm') : t('withdraw.confirm')}
        </button>
      </div>
    </form>
  );
}
