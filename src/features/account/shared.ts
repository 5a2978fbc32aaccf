// Entry of the account feature for other features' lazily loaded pages (wallet, broker, convert, otc): the password
// encryption and the e-mail code call of the step-up, and the error describer. The form parts it is made of are the
// form kit's (src/components/form). Kept apart from index.ts, which the app shell loads at start-up.
export { encryptPassword, sendEmailCode, type CodeOperation } from './api.ts';
export { describeError, withdrawBanMessage, type FormError } from './errors.ts';
