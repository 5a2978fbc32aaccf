import { useCallback, useState } from 'react';
import type { FieldErrors } from '../form/index.ts';
import { checkFactors, emptyValues, factorBody, missingFactor, type StepUpBody, type StepUpFactor, type StepUpValues } from './factors.ts';

export interface StepUpOptions {
  /** The factors the call's rule asks for (server/README.md "Step-up"), in the order the form shows them. */
  factors: readonly StepUpFactor[];
  /** The uuid of an e-mail code the flow's previous step sent (a withdrawal's invoke), if any. */
  emailUuid?: string | null;
}

/**
 * The state of one step-up: the typed factors and the uuids of the codes sent for this call. The form keeps the
 * errors (useFieldErrors) and hands `check()`'s beside the fields; `body()` is what the call sends.
 */
export function useStepUp({ factors: rule, emailUuid: firstUuid = null }: StepUpOptions) {
  const [values, setValues] = useState<StepUpValues>(emptyValues);
  const [emailUuid, setEmailUuid] = useState<string | null>(firstUuid);
  const [smsUuid, setSmsUuid] = useState<string | null>(null);
  const [learnt, setLearnt] = useState<readonly StepUpFactor[]>([]);
  const factors = [...rule, ...learnt.filter((f) => !rule.includes(f))];
  const uuids = { email: emailUuid, sms: smsUuid };

  const set = useCallback((factor: StepUpFactor, value: string) => setValues((v) => ({ ...v, [factor]: value })), []);
  return {
    factors,
    values,
    emailUuid,
    smsUuid,
    set,
    setEmailUuid,
    setSmsUuid,
    /** The problems of the asked-for factors (every one of them is required). */
    check: (): FieldErrors<StepUpFactor> => checkFactors(factors, values, uuids),
    /** The factors as the call takes them, or null while a code has not been fetched. */
    body: (): StepUpBody | null => factorBody(factors, values, uuids),
    /** After a refusal: a 400 `gaCode required` adds the Google code when the rule left it out (an authenticator bound meanwhile). */
    learn: (failure: unknown) => {
      const missing = missingFactor(failure);
      if (missing && !factors.includes(missing)) setLearnt((l) => [...l, missing]);
    },
    /** A Google code works once (server/README.md "Google code"): cleared after a refused call. */
    clearGaCode: () => setValues((v) => ({ ...v, gaCode: '' })),
    /** Forgets the typed factors and the codes' uuids (after a call they were used for). */
    reset: () => {
      setValues(emptyValues);
      setEmailUuid(null);
      setSmsUuid(null);
    },
  };
}

export type StepUp = ReturnType<typeof useStepUp>;
