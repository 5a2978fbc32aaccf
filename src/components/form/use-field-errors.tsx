import { useId, useState } from 'react';
import { failureField, failureText } from './failure.ts';
import type { FieldErrors, FieldIssue } from './field-checks.ts';
import { useIssueText } from './Field.tsx';

/**
 * A form's errors beside its fields, the one place a form keeps them: a rule's issue or a server message per field.
 * A form of the kit's fields (Field, TextField, CodeField) hands `errors[field]` to each; a form of its own controls
 * shows each under its field with `fieldError` (role alert), named by the field's aria-describedby. A refusal that
 * names one of the form's fields goes beside it (`place` for a described refusal, `refused` for a 400's
 * `data.field`); any other is the form's own message.
 */
export function useFieldErrors<F extends string>(testPrefix: string, fields: readonly F[]) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const issueText = useIssueText();
  const errorId = (field: F) => `${id}-${field}-error`;
  const names = (field: string | null | undefined): field is F => field !== null && field !== undefined && (fields as readonly string[]).includes(field);
  return {
    id,
    errors,
    setErrors,
    invalid: (field: F) => errors[field] !== undefined,
    describedBy: (field: F, hint?: string) => [errors[field] ? errorId(field) : '', hint ?? ''].filter(Boolean).join(' ') || undefined,
    fieldError: (field: F) =>
      errors[field] ? (
        <span className="td-field-error" id={errorId(field)} role="alert" data-testid={`${testPrefix}-error-${field}`}>
          {issueText(errors[field])}
        </span>
      ) : null,
    /** Takes one field's error away (the person changed the field). */
    clear: (field: F) => setErrors((e) => ({ ...e, [field]: undefined })),
    /** Puts a described refusal beside the field it names, when that is one of the form's; false when it is none. */
    place: (field: string | null | undefined, message: FieldIssue | string): boolean => {
      if (!names(field)) return false;
      setErrors({ [field]: message } as FieldErrors<F>);
      return true;
    },
    /** Puts a refusal beside its field; returns its text when it names none of them. */
    refused: (failure: unknown): string | null => {
      const named = failureField(failure);
      if (named && names(named.field)) {
        setErrors({ [named.field]: failureText(failure) } as FieldErrors<F>);
        return null;
      }
      return failureText(failure);
    },
  };
}

/**
 * What ties a kit field (TextField, AmountField, SelectField) to its form's state: its name, its value, the change
 * (the form's setter, which also clears the field's error) and its error. `<AmountField label={…} {...bind('amount')} />`.
 */
export function fieldBinder<F extends string>(values: { readonly [K in F]: string }, set: (field: F) => (value: string) => void, errors: FieldErrors<F>) {
  return <K extends F>(field: K) => ({ name: field, value: values[field], onValue: set(field), error: errors[field] });
}
