import type { ReactNode } from 'react';

/**
 * A form's submit button, disabled while its submission runs (useSubmit: one at a time, spec §8 'please click only
 * once'); meanwhile it reads `busyText` where the form has one. `secondary` for a form whose submit is a step
 * before the main action (a preview).
 */
export function SubmitButton({ submitting, busyText, testId, secondary = false, children }: { submitting: boolean; busyText?: string; testId: string; secondary?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`td-button ${secondary ? 'td-button-secondary' : 'td-button-primary'}`} disabled={submitting} data-testid={testId}>
      {submitting && busyText !== undefined ? busyText : children}
    </button>
  );
}
