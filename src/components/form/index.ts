// Entry of the form kit (spec §5 fields and codes, spec §8 messages): labelled fields (text, amount, select) with their
// errors beside them, the code field with its send guard and countdown, the whole-form message, the submit button and
// the one-submission guard, the field-errors hook, the checks every code-asking form shares, and the QR code. Imported
// by lazily loaded pages only: it is not part of src/components/index.ts, which the app shell loads at start-up.
export { CodeField, type CodeFieldProps } from './CodeField.tsx';
export { failureField, failureText } from './failure.ts';
export { checkCode, checkGaCode, checkStepUpPassword, type FieldErrors, type FieldIssue, type FieldIssues } from './field-checks.ts';
export { AmountField, Field, FormMessage, TextField, type AmountFieldProps, type FieldProps, type TextFieldProps } from './Field.tsx';
export { QrCode } from './QrCode.tsx';
export { Options, SelectField, type SelectFieldProps, type SelectOption } from './SelectField.tsx';
export { SubmitButton } from './SubmitButton.tsx';
export { fieldBinder, useFieldErrors } from './use-field-errors.tsx';
export { useClearWhenValid } from './use-clear-when-valid.ts';
export { useSubmit } from './use-submit.ts';
