import { Fragment, type ReactNode } from 'react';
import { CodeField, TextField, type FieldErrors } from '../form/index.ts';
import type { StepUpFactor } from './factors.ts';
import type { StepUp } from './use-step-up.ts';

export interface StepUpFieldsProps {
  stepUp: StepUp;
  errors: FieldErrors<StepUpFactor>;
  /** The fields' labels, in the feature's words. */
  labels: Partial<Record<StepUpFactor, string>>;
  /** Field names where two forms share a page (`withdrawEmailCode`); the factor's own name otherwise. */
  names?: Partial<Record<StepUpFactor, string>>;
  /** Sends the e-mail code of the call's business type; without it the code was sent by the flow's previous step. */
  sendEmailCode?: () => Promise<{ uuid: string }>;
  sendSmsCode?: () => Promise<{ uuid: string }>;
  /** A failed send in words, as the feature describes its refusals. */
  describeFailure: (failure: unknown) => string;
  /** A line above the fields saying why they are asked for. */
  intro?: string;
  /** Rendered right after the e-mail code (a resend link of the flow's own). */
  afterEmailCode?: ReactNode;
  /** The Google code's input length limit, where the form has one. */
  gaMaxLength?: number;
  /** Called after any factor changes (a form that clears its errors then). */
  onEdit?: () => void;
}

/** The inputs of a step-up, one per factor the call asks for, in the rule's order. */
export function StepUpFields({ stepUp, errors, labels, names = {}, sendEmailCode, sendSmsCode, describeFailure, intro, afterEmailCode, gaMaxLength, onEdit }: StepUpFieldsProps) {
  const set = (factor: StepUpFactor) => (value: string) => {
    stepUp.set(factor, value);
    onEdit?.();
  };
  const uuid = (apply: (uuid: string | null) => void) => (value: string | null) => {
    apply(value);
    onEdit?.();
  };
  const field = (factor: StepUpFactor) => {
    const common = { name: names[factor] ?? factor, label: labels[factor] ?? '', value: stepUp.values[factor], onValue: set(factor), error: errors[factor] };
    switch (factor) {
      case 'password':
        return <TextField key={factor} {...common} type="password" autoComplete="current-password" />;
      case 'emailCode':
        return (
          <Fragment key={factor}>
            {sendEmailCode ? (
              <CodeField {...common} describeFailure={describeFailure} request={sendEmailCode} onUuid={uuid(stepUp.setEmailUuid)} />
            ) : (
              <TextField {...common} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            )}
            {afterEmailCode}
          </Fragment>
        );
      case 'smsCode':
        return sendSmsCode ? <CodeField key={factor} {...common} describeFailure={describeFailure} request={sendSmsCode} onUuid={uuid(stepUp.setSmsUuid)} /> : null;
      case 'gaCode':
        return <TextField key={factor} {...common} inputMode="numeric" autoComplete="one-time-code" {...(gaMaxLength ? { maxLength: gaMaxLength } : {})} />;
    }
  };
  return (
    <>
      {intro ? <p className="td-field-hint">{intro}</p> : null}
      {stepUp.factors.map(field)}
    </>
  );
}
