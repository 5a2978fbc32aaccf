import { checkCode, checkGaCode, checkStepUpPassword, failureField, type FieldErrors } from '../form/index.ts';

// Step-up re-authentication (server/README.md "Step-up"; spec §6 withdrawals): a sensitive call carries its own
// factors — the account password, an e-mail code of the call's business type, the current Google code while an
// authenticator is bound, an SMS code — and each works for that one call only. Which factors a form asks for is
// the call's rule, handed in by the feature. The Google code depends on a state the server knows best (an
// authenticator bound): a 400 `required` naming it adds it to a form whose rule left it out. The password is never
// added that way — only a call that encrypts it may carry it.

export type StepUpFactor = 'password' | 'emailCode' | 'gaCode' | 'smsCode';

export interface StepUpValues {
  password: string;
  emailCode: string;
  gaCode: string;
  smsCode: string;
}

/** The factors as the calls take them; a factor the form does not ask for is left out. */
export interface StepUpBody {
  password?: string;
  emailUuid: string;
  emailCode: string;
  gaCode?: string;
  smsUuid?: string;
  smsCode?: string;
}

export const emptyValues: StepUpValues = { password: '', emailCode: '', gaCode: '', smsCode: '' };

/** The problems of the asked-for factors, checked before any call; a factor asked for is required. */
export function checkFactors(factors: readonly StepUpFactor[], values: StepUpValues, uuids: { email: string | null; sms: string | null }): FieldErrors<StepUpFactor> {
  const found: FieldErrors<StepUpFactor> = {};
  const problems = {
    password: () => checkStepUpPassword(values.password),
    emailCode: () => checkCode(values.emailCode, uuids.email),
    gaCode: () => checkGaCode(values.gaCode, true),
    smsCode: () => checkCode(values.smsCode, uuids.sms),
  };
  for (const factor of factors) {
    const problem = problems[factor]();
    if (problem) found[factor] = problem;
  }
  return found;
}

/** The body fields of the asked-for factors, or null while a code has not been fetched. */
export function factorBody(factors: readonly StepUpFactor[], values: StepUpValues, uuids: { email: string | null; sms: string | null }): StepUpBody | null {
  if (!uuids.email || (factors.includes('smsCode') && !uuids.sms)) return null;
  const body: StepUpBody = { emailUuid: uuids.email, emailCode: values.emailCode.trim() };
  if (factors.includes('password')) body.password = values.password;
  if (factors.includes('gaCode')) body.gaCode = values.gaCode.trim();
  if (factors.includes('smsCode') && uuids.sms) {
    body.smsUuid = uuids.sms;
    body.smsCode = values.smsCode.trim();
  }
  return body;
}

/** The factor a refusal says is missing (400, rule `required`) that a form may add on the server's word: the Google code. */
export function missingFactor(failure: unknown): StepUpFactor | null {
  const named = failureField(failure);
  return named?.rule === 'required' && named.field === 'gaCode' ? 'gaCode' : null;
}

