import type { FieldErrors } from '../../../components/form/index.ts';
import type { StepUpFactor } from '../../../components/step-up/index.ts';

/** Where a form names a step-up factor's field its own way (`currentGaCode`, `oldEmailCode`): factor → field. */
export type FactorNames<F extends string> = Partial<Record<StepUpFactor, F>>;

/** The step-up's problems (`stepUp.check()`) under the form's field names. */
export function asFormErrors<F extends string>(found: FieldErrors<StepUpFactor>, names: FactorNames<F>): FieldErrors<F | StepUpFactor> {
  const out: FieldErrors<F | StepUpFactor> = {};
  for (const [factor, issue] of Object.entries(found) as [StepUpFactor, FieldErrors<StepUpFactor>[StepUpFactor]][]) {
    if (issue !== undefined) out[names[factor] ?? factor] = issue;
  }
  return out;
}

/** The form's errors of the step-up's fields, under the factors' names (for StepUpFields). */
export function asFactorErrors<F extends string>(errors: FieldErrors<F>, names: FactorNames<F>): FieldErrors<StepUpFactor> {
  const out: FieldErrors<StepUpFactor> = {};
  for (const [factor, field] of Object.entries(names) as [StepUpFactor, F][]) {
    const issue = errors[field];
    if (issue !== undefined) out[factor] = issue;
  }
  return out;
}
