import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (a form asks the server when typing pauses, not per keystroke). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
