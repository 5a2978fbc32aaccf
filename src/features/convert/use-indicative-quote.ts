import { useEffect, useState } from 'react';
import type { QuoteBody } from './api.ts';

/** Wait after the last keystroke before asking: one indicative quote per pause, not per key. */
export const QUOTE_DEBOUNCE_MS = 350;
/** The books move: an indicative price shown for a while is asked for again. */
const REFRESH_MS = 10_000;

interface State<Q> {
  key: string | null;
  quote: Q | null;
  error: unknown;
}

/** The call that prices a request without binding anything (convert's `/institution/getQuote`, the OTC desk's `block/getQuote`). */
export type IndicativeCall<Q> = (body: QuoteBody, signal?: AbortSignal) => Promise<Q>;

/**
 * The indicative quote (no token, binding nothing) for the request the form describes (none while `body` is
 * null), asked `QUOTE_DEBOUNCE_MS` after it last changed and again every 10 s while the page is shown.
 * A reply to an older request is dropped (its call is aborted); an error belongs to its own request only.
 */
export function useIndicativeQuote<Q>(body: QuoteBody | null, ask: IndicativeCall<Q>): { quote: Q | null; error: unknown } {
  const key = body ? JSON.stringify(body) : null;
  const [state, setState] = useState<State<Q>>({ key: null, quote: null, error: null });

  useEffect(() => {
    if (key === null) return undefined;
    const request = JSON.parse(key) as QuoteBody;
    let controller: AbortController | null = null;
    const send = () => {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      ask(request, mine.signal).then(
        (quote) => !mine.signal.aborted && setState({ key, quote, error: null }),
        (error: unknown) => !mine.signal.aborted && setState((s) => ({ key, quote: s.quote, error })),
      );
    };
    const first = setTimeout(send, QUOTE_DEBOUNCE_MS);
    const again = setInterval(() => {
      if (document.visibilityState === 'visible') send();
    }, REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(again);
      controller?.abort();
    };
  }, [key, ask]);

  return { quote: state.quote, error: key !== null && state.key === key ? state.error : null };
}
