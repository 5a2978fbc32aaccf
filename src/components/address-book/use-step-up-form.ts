import { useState, type FormEvent } from 'react';
import { useFieldErrors, useSubmit, type FieldErrors } from '../form/index.ts';
import { useStepUp, type StepUpBody, type StepUpFactor } from '../step-up/index.ts';

/** A refusal in words, with the field it belongs beside where there is one (the feature's describe…Error). */
export type Described = { field: string | null; message: string };

export interface StepUpFormOptions<F extends string> {
  /** The test-id prefix of the errors and the fields a refusal may name (useFieldErrors). */
  scope: string;
  fields: readonly F[];
  /** The factors the call's rule asks for (server/README.md "Step-up"); none for a form without a step-up. */
  factors?: readonly StepUpFactor[];
  /** After a refusal the step-up adds a factor the server asks for and forgets the Google code (it works once). */
  relearn?: boolean;
  describe: (failure: unknown) => Described;
  /** spec §8 'Data is being processed, please click only once', for a second activation while the call runs. */
  clickOnce?: string;
}

const NO_FACTORS: readonly StepUpFactor[] = [];

/**
 * A form that checks itself before its call (spec §5) and may carry a step-up: its errors beside the fields, its
 * own message, the one-submission guard, and on a refusal the field it names or the form's message. `submit`
 * runs the form's checks, `submitWithFactors` the step-up's with them and hands the call its factors.
 */
export function useStepUpForm<F extends string>({ scope, fields, factors = NO_FACTORS, relearn = false, describe, clickOnce }: StepUpFormOptions<F>) {
  const { errors, setErrors, place } = useFieldErrors<F | StepUpFactor>(scope, fields);
  const [message, setMessage] = useState<string | null>(null);
  const stepUp = useStepUp({ factors });
  const { submitting, run } = useSubmit();

  /** Shows what the checks found; true when nothing was. */
  const start = (event: FormEvent, found: FieldErrors<F> | FieldErrors<StepUpFactor>) => {
    event.preventDefault();
    setMessage(null);
    setErrors(found as FieldErrors<F | StepUpFactor>);
    return Object.keys(found).length === 0;
  };
  const attempt = async (send: () => Promise<void>) => {
    const outcome = await run(async () => {
      try {
        await send();
      } catch (error) {
        const described = describe(error);
        if (relearn) stepUp.learn(error);
        if (!place(described.field, described.message)) setMessage(described.message);
        if (relearn) stepUp.clearGaCode();
      }
    });
    if (outcome === 'busy' && clickOnce !== undefined) setMessage(clickOnce);
  };

  return {
    errors,
    setErrors,
    /** Takes a field's error away (the person changed the field). */
    clear: (field: string) => setErrors((e) => ({ ...e, [field]: undefined })),
    message,
    setMessage,
    stepUp,
    submitting,
    run,
    submit: async (event: FormEvent, check: () => FieldErrors<F>, send: () => Promise<void>) => {
      if (start(event, check())) await attempt(send);
    },
    submitWithFactors: async (event: FormEvent, check: () => FieldErrors<F>, send: (factors: StepUpBody) => Promise<void>) => {
      if (!start(event, { ...stepUp.check(), ...check() } as FieldErrors<F>)) return;
      const body = stepUp.body();
      if (body) await attempt(() => send(body));
    },
  };
}

export type StepUpForm<F extends string> = ReturnType<typeof useStepUpForm<F>>;

/**
 * An add form's values (the address book's fields): `set(field)` changes one and takes its error away; a new asset
 * forgets the chosen network (the asset's networks differ).
 */
export function useFormValues<V extends object>(initial: V, clear: (field: string) => void) {
  const [values, setValues] = useState(initial);
  const set =
    <K extends keyof V & string>(field: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [field]: value, ...(field === 'asset' && 'network' in v ? { network: '' } : {}) }));
      clear(field);
    };
  return { values, set };
}
