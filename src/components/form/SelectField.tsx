import type { ReactNode } from 'react';
import type { FieldIssue } from './field-checks.ts';
import { Field } from './Field.tsx';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** A select's options: the empty choice first when there is one (`placeholder`), then `options` in their order. */
export function Options({ placeholder, options }: { placeholder?: string | undefined; options: readonly SelectOption[] }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </>
  );
}

export interface SelectFieldProps<V extends string> {
  name: string;
  label: string;
  value: V | '';
  onValue: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** The empty choice's text ("Choose…", "All"); without it there is no empty choice. */
  placeholder?: string | undefined;
  error?: FieldIssue | string | undefined;
  hint?: ReactNode;
}

/** A labelled select with its error beside it (the kit's Field); its test id is input-<name>, as TextField's. */
export function SelectField<V extends string>({ name, label, value, onValue, options, placeholder, error, hint }: SelectFieldProps<V>) {
  return (
    <Field name={name} label={label} error={error} hint={hint}>
      {(aria) => (
        <select {...aria} data-testid={`input-${name}`} value={value} onChange={(e) => onValue(e.target.value as V)}>
          <Options placeholder={placeholder} options={options} />
        </select>
      )}
    </Field>
  );
}
