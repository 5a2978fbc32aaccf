import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { useStepUp } from '../../components/step-up/index.ts';
import { useAccountInfo } from '../account/index.ts';
import { describeMoneyError } from './money/errors.ts';
import { stepUpFactors, type FactorField } from './money/shared.tsx';

const FIELDS: readonly FactorField[] = ['password', 'emailCode', 'gaCode'];
type Factors = NonNullable<ReturnType<ReturnType<typeof useStepUp>['body']>>;

/**
 * A broker form that sends one call with the full step-up (password, the e-mail code of its business type, the
 * Google code when bound; server/broker/README.md "Maker-checker controls"): it checks the fields, sends `send`
 * with the factors (then empties the fields: the codes are used up), and places a refusal beside its field or above the buttons. A failed send clears the Google
 * code (each one works once) and the step-up learns what the server asked for.
 */
export function useStepUpForm(form: string, send: (factors: Factors) => Promise<void>) {
  const { t } = useTranslation('broker');
  const gaBound = Boolean(useAccountInfo()?.gaBound);
  const stepUp = useStepUp({ factors: stepUpFactors(gaBound) });
  const { errors, setErrors, place } = useFieldErrors<FactorField>(form, FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = stepUp.check();
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    await run(async () => {
      try {
        await send(factors);
        stepUp.reset();
      } catch (error) {
        stepUp.learn(error);
        stepUp.clearGaCode();
        const described = describeMoneyError(t, error);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
  };

  return { stepUp, errors, message, submitting, onSubmit };
}
