import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api/index.ts';
import { favourites } from './favourites-sync.ts';
import type { FavouriteError } from './favourites.ts';

export type FavouriteMessage = FavouriteError | 'server';

const MESSAGE_MS = 4000;

/** Toggle a favourite; the refusal (spec §5 "at most 8", or the server's) is kept for a few seconds. */
export function useFavouriteToggle(): { toggle: (symbol: string) => void; error: FavouriteMessage | null; serverText: string | null } {
  const [error, setError] = useState<FavouriteMessage | null>(null);
  const [serverText, setServerText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const show = useCallback((next: FavouriteMessage, text: string | null = null) => {
    setError(next);
    setServerText(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setError(null), MESSAGE_MS);
  }, []);
  const toggle = useCallback(
    (symbol: string) => {
      const run = async () => {
        if (favourites.has(symbol)) await favourites.remove(symbol);
        else {
          const result = await favourites.add(symbol);
          if (!result.ok) show(result.error);
        }
      };
      run().catch((caught: unknown) => show('server', isApiError(caught) ? caught.message : null));
    },
    [show],
  );
  return { toggle, error, serverText };
}
