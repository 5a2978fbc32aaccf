// Entry of the step-up (server/README.md "Step-up"; spec §6): the factors a sensitive call asks for, their checks
// and body fields, and their inputs. Imported by lazily loaded pages only, like the form kit.
export { checkFactors, factorBody, missingFactor, type StepUpBody, type StepUpFactor, type StepUpValues } from './factors.ts';
export { StepUpFields, type StepUpFieldsProps } from './StepUpFields.tsx';
export { useStepUp, type StepUp, type StepUpOptions } from './use-step-up.ts';
