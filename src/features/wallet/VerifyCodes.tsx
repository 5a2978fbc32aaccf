import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import { checkCode, checkGaCode, FormMessage, TextField, useSubmit, type FieldErrors } from '../../components/form/index.ts';
import { HelpLink, type HelpArea, type HelpArticleId } from '../help/shared.ts';
import { describeWalletError } from './errors.ts';

type VerifyField = 'emailCode' | 'gaCode';
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
  const [emailUuid, setEmailUuid] = useState(firstUuid);
  const [values, setValues] = useState<Record<VerifyField, string>>({ emailCode: '', gaCode: '' });
  const [errors, setErrors] = useState<FieldErrors<VerifyField>>({});
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(firstUuid ? null : { text: t('withdraw.codeNotSent'), tone: 'error' });
  const [help, setHelp] = useState<HelpArticleId | undefined>();
  const { submitting, run } = useSubmit();
  const set = (field: VerifyField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setHelp(undefined);
    const found = Object.fromEntries(
      Object.entries({ emailCode: checkCode(values.emailCode, emailUuid), gaCode: checkGaCode(values.gaCode, true) }).filter(([, v]) => v),
    ) as FieldErrors<VerifyField>;
    setErrors(found);
    if (Object.keys(found).length > 0 || !emailUuid) return;
    const outcome = await run(async () => {
      try {
        await onConfirm({ emailUuid, emailCode: values.emailCode.trim(), gaCode: values.gaCode.trim() });
      } catch (error) {
        const described = describeWalletError(t, error, { emailUuid: 'emailCode' }, area);
        setHelp(described.help);
        if (described.field === 'emailCode' || described.field === 'gaCode') setErrors({ [described.field]: described.message });
        else setMessage({ text: described.message, tone: 'error' });
        setValues((v) => ({ ...v, gaCode: '' }));
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
            setEmailUuid(uuid);
            setMessage({ text: t('withdraw.codeResent'), tone: 'success' });
          } catch (error) {
            setMessage({ text: describeWalletError(t, error).message, tone: 'error' });
          }
        })
    : null;

  return (
    <form className="td-wallet-form td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="withdraw-verify">
      {facts}
      <p className="td-field-hint">{t('withdraw.codeSent', { time: formatDateTime(expiresAt, { zone: true }) })}</p>
      <TextField name="emailCode" label={t('fields.emailCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.emailCode} onValue={set('emailCode')} error={errors.emailCode} />
      {resend ? (
        <button type="button" className="td-link-button" disabled={submitting} onClick={resend} data-testid="withdraw-resend">
          {t('withdraw.resend')}
        </button>
      ) : null}
      <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.gaCode} onValue={set('gaCode')} error={errors.gaCode} />
      <FormMessage text={message?.text ?? null} tone={message?.tone ?? 'error'} helpLink={help ? <HelpLink article={help} variant="error" /> : null} />
      <div className="td-wallet-actions">
        <button type="button" className="td-button td-button-secondary" onClick={onBack}>
          {t('withdraw.back')}
        </button>
        <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="withdraw-confirm">
          {submitting ? t('common.processing') : t('withdraw.confirm')}
        </button>
      </div>
    </form>
  );
}
