import { useEffect, useState } from 'react';
import { MODAL_ANIMATION_DELAY_MS, MODAL_ANIMATION_DURATION_MS } from './modal-constants.ts';

/**
 * Keeps a hidden modal mounted while its leave animation plays (duration + delay), then unmounts it.
 * Returns whether to render and whether it is leaving.
 */
export function useModalPresence(visible: boolean): { mounted: boolean; leaving: boolean } {
  const [wasVisible, setWasVisible] = useState(visible);
  const [leaving, setLeaving] = useState(false);

  // Adjusting state while rendering (React's documented pattern for reacting to a prop change):
  // the leave phase starts in the same render that sees visible turn false.
  if (visible !== wasVisible) {
    setWasVisible(visible);
    setLeaving(!visible);
  }

  useEffect(() => {
    if (!leaving) return undefined;
    const timer = setTimeout(() => setLeaving(false), MODAL_ANIMATION_DURATION_MS + MODAL_ANIMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  return { mounted: visible || leaving, leaving: leaving && !visible };
}
