import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from './field-checks.ts';
import { TextField } from './Field.tsx';
import { useCodeSender } from './use-code-sender.ts';

export interface CodeFieldProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: FieldIssue | string | undefined;
  /** Sends the code; resolves with its uuid. */
  request: () => Promise<{ uuid: string }>;
  /** A problem that stops the send before any call (e.g. the address is not valid yet), or null. */
  precheck?: () => FieldIssue | null;
  onUuid: (uuid: string | null) => void;
  /** A failed send in words, as the form describes its refusals (the account's describeError, say). */
  describeFailure: (failure: unknown) => string;
}

/**
 * A verification-code input with its send button: spec §5 repeat guard (1 s), resend countdown, the
 * uuid handed to the form (the code must be fetched first), and send failures shown beside the field. Its texts
 * are the account namespace's (code.*, errors.clickOnce).
 */
export function CodeField({ name, label, value, onValue, error, request, precheck, onUuid, describeFailure }: CodeFieldProps) {
  const { t } = useTranslation('account');
  const [state, sender] = useCodeSender();
  const [sendError, setSendError] = useState<FieldIssue | string | null>(null);
  const onSend = async () => {
    setSendError(precheck?.() ?? null);
    if (precheck?.()) return;
    try {
      const outcome = await sender.send(request);
      if (outcome === 'guarded') setSendError(t('errors.clickOnce'));
      if (outcome === 'sent') onUuid(sender.state.uuid);
    } catch (failure) {
      setSendError(describeFailure(failure));
    }
  };
  const label_ = state.sending ? t('code.sending') : state.countdown > 0 ? t('code.resendIn', { seconds: state.countdown }) : state.uuid ? t('code.resend') : t('code.send');
  return (
    <TextField
      name={name}
      label={label}
      value={value}
      onValue={onValue}
      error={sendError ?? error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      hint={state.uuid ? t('code.sent') : undefined}
      addon={
        <button type="button" className="td-button td-button-secondary" data-testid={`send-${name}`} disabled={state.sending || state.countdown > 0} onClick={() => void onSend()}>
          {label_}
        </button>
      }
    />
  );
}
