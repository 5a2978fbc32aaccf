// Entry of the account feature for other features' lazily loaded pages (wallet): the form parts of the
// step-up (password, e-mail code, Google code), the error describer and the submit guard. Kept apart from
// index.ts, which the app shell loads at start-up.
export { encryptPassword, sendEmailCode } from './api.ts';
export { describeError, withdrawBanMessage, type FormError } from './errors.ts';
export { checkCode, checkGaCode, checkStepUpPassword, type FieldErrors, type FieldIssue } from './forms.ts';
export { CodeField } from './ui/CodeField.tsx';
export { Field, FormMessage, TextField } from './ui/Field.tsx';
export { QrCode } from './ui/QrCode.tsx';
export { useSubmit } from './use-submit.ts';
