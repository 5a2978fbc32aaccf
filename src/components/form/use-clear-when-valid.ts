import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { FieldErrors } from './field-checks.ts';

/**
 * Takes a field's error away as soon as the field is valid again, without waiting for the next submit (a message
 * that stays beside a corrected field reads as if the correction were wrong). After each change of `values`, every
 * field shown with an error whose value changed — or whose value depends on one that changed (`links`: a
 * confirmation on its password) — is checked again with `check`; when the check finds nothing, its error goes.
 * Nothing is added here: a field still wrong keeps the error it has (a server's message included) until the
 * next submit checks it; a field that nobody touched keeps its error.
 */
export function useClearWhenValid<F extends string>(
  values: Readonly<Record<F, unknown>>,
  errors: FieldErrors<F>,
  setErrors: Dispatch<SetStateAction<FieldErrors<F>>>,
  check: () => Partial<Record<F, unknown>>,
  links: Partial<Record<F, readonly F[]>> = {},
): void {
  const previous = useRef(values);
  const latest = useRef({ errors, check, links });
  latest.current = { errors, check, links };
  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    const { errors: shown, check: recheck, links: linked } = latest.current;
    const changed = new Set<F>();
    for (const field of Object.keys(values) as F[]) {
      if (Object.is(before[field], values[field])) continue;
      changed.add(field);
      for (const other of linked[field] ?? []) changed.add(other);
    }
    const candidates = [...changed].filter((field) => shown[field] !== undefined);
    if (candidates.length === 0) return;
    const fresh = recheck();
    const valid = candidates.filter((field) => fresh[field] === undefined);
    if (valid.length === 0) return;
    setErrors((current) => {
      const next = { ...current };
      for (const field of valid) delete next[field];
      return next;
    });
    // `values` is a new object per render; what matters is whether one of its fields changed (compared above).
  }, [values, setErrors]);
}
