import { useCallback, useRef, useState } from 'react';

/**
 * One submission at a time: the button is disabled while it runs, and a second activation meanwhile
 * (double click, Enter pressed twice) runs nothing and reports `busy`, for the message of spec §8
 * 'Data is being processed, please click only once'. Nothing is half-submitted.
 */
export function useSubmit() {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const run = useCallback(async (task: () => Promise<void>): Promise<'done' | 'busy'> => {
    if (running.current) return 'busy';
    running.current = true;
    setSubmitting(true);
    try {
      await task();
      return 'done';
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }, []);
  return { submitting, run };
}
