import './form.css';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from './field-checks.ts';

// i18n: a rule's issue names its namespace in its key ("validation:…", "account:…"); a bare key reads the account
// namespace, where the form kit's texts were first written.

/** The translated message of a field problem: a rule's key, or a server message already in words. */
export function useIssueText(): (issue: FieldIssue | string | undefined) => string | undefined {
  const { t } = useTranslation('account');
  return (issue) => {
    if (issue === undefined) return undefined;
    if (typeof issue === 'string') return issue;
    return t(issue.key, issue.params ?? {});
  };
}

export interface FieldProps {
  name: string;
  label: string;
  error?: FieldIssue | string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled control with its error right beside it (a clear translated error next to the field). */
export function Field({ name, label, error, hint, children }: FieldProps) {
  const id = useId();
  const text = useIssueText()(error);
  const errorId = `${id}-error`;
  return (
    <div className="td-field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': text !== undefined, 'aria-describedby': text ? errorId : undefined })}
      {hint ? <div className="td-field-hint">{hint}</div> : null}
      {text ? (
        <div className="td-field-error" id={errorId} role="alert" data-testid={`error-${name}`}>
          {text}
        </div>
      ) : null}
    </div>
  );
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> & {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: FieldIssue | string | undefined;
  hint?: ReactNode;
  /** Rendered after the input, inside the field (a send-code button). */
  addon?: ReactNode;
};

export function TextField({ name, label, value, onValue, error, hint, addon, ...input }: TextFieldProps) {
  return (
    <Field name={name} label={label} error={error} hint={hint}>
      {(aria) => (
        <div className="td-input-row">
          <input {...input} {...aria} name={name} data-testid={`input-${name}`} value={value} onChange={(e) => onValue(e.target.value)} />
          {addon}
        </div>
      )}
    </Field>
  );
}

export type AmountFieldProps = Omit<TextFieldProps, 'inputMode' | 'autoComplete'> & {
  /** A button after the input that fills in the most the person may ask for (their free balance within the limits). */
  fill?: { value: string; label: string; testId: string };
};

/** An amount typed as a decimal (a number keyboard on a phone, no autofill): the money forms' amount fields. */
export function AmountField({ fill, addon, ...props }: AmountFieldProps) {
  const fillButton = fill ? (
    <button type="button" className="td-button td-button-secondary" onClick={() => props.onValue(fill.value)} data-testid={fill.testId}>
      {fill.label}
    </button>
  ) : null;
  return <TextField {...props} inputMode="decimal" autoComplete="off" addon={fillButton ?? addon} />;
}

/**
 * A whole-form message (a refusal that belongs to no single field), followed by the link to the help article that
 * explains the refusal where there is one (spec §8 messages link to their article); the alert itself holds the
 * message only. A refusal shown beside its field passes only `helpLink`: the link then stands alone. The link is the
 * help feature's (HelpLink), handed in by the form, so that the kit depends on no feature.
 */
export function FormMessage({ text, tone = 'error', helpLink }: { text: string | null; tone?: 'error' | 'success'; helpLink?: ReactNode }) {
  const link = helpLink ? <p className="td-form-help">{helpLink}</p> : null;
  if (!text) return link;
  return (
    <>
      <div className={`td-form-message td-form-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={`form-${tone}`}>
        {text}
      </div>
      {link}
    </>
  );
}
