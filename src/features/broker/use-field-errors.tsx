import { useId, useState } from 'react';
import { failureField, failureText } from './parts.tsx';

/**
 * A form's errors beside its fields: each shown under its field (role alert) and named by the field's
 * aria-describedby; a server refusal that names one of the form's fields (`data.field` of a 400) goes beside it,
 * any other refusal is returned for the form's own message.
 */
export function useFieldErrors<F extends string>(testPrefix: string, fields: readonly F[]) {
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const errorId = (field: F) => `${id}-${field}-error`;
  return {
    id,
    errors,
    setErrors,
    invalid: (field: F) => errors[field] !== undefined,
    describedBy: (field: F, hint?: string) => [errors[field] ? errorId(field) : '', hint ?? ''].filter(Boolean).join(' ') || undefined,
    fieldError: (field: F) =>
      errors[field] ? (
        <span className="td-field-error" id={errorId(field)} role="alert" data-testid={`${testPrefix}-error-${field}`}>
          {errors[field]}
        </span>
      ) : null,
    /** Puts a refusal beside its field; returns its text when it names none of them. */
    refused: (failure: unknown): string | null => {
      const named = failureField(failure);
      if (named && (fields as readonly string[]).includes(named.field)) {
        setErrors({ [named.field]: failureText(failure) } as Partial<Record<F, string>>);
        return null;
      }
      return failureText(failure);
    },
  };
}
