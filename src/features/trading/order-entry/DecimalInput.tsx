import type { FieldError } from './validate.ts';

/**
 * An amount input of the order form: decimal keyboard, no autofill, and marked invalid and described by its
 * validation message (FieldMessage with `messageId`) while the check of spec §5 fails.
 */
export function DecimalInput(props: { id: string; testId: string; messageId: string; value: string; error: FieldError | undefined; onChange: (value: string) => void }) {
  const { id, testId, messageId, value, error, onChange } = props;
  return (
    <input
      id={id}
      data-testid={testId}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? messageId : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
