import type { FieldErrors } from './field-checks.ts';

/**
 * What ties a kit field (TextField, AmountField, SelectField) to its form's state: its name, its value, the change
 * (the form's setter, which also clears the field's error) and its error. `<AmountField label={…} {...bind('amount')} />`.
 */
export function fieldBinder<F extends string>(values: { readonly [K in F]: string }, set: (field: F) => (value: string) => void, errors: FieldErrors<F>) {
  return <K extends F>(field: K) => ({ name: field, value: values[field], onValue: set(field), error: errors[field] });
}
