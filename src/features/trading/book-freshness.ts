import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { bookStore, healthStore, useHealthRefresh, type Market } from '../../market/index.ts';
import { ageText, staleness, type StalenessState } from './staleness.ts';

const TICK_MS = 500;

interface Sample {
  now: number;
  receivedAt: number | null;
  synced: boolean | undefined;
}

/**
 * The freshness of a pair's book in this tab, whatever depth or grouping the book panel asked for: the staleness
 * (staleness.ts) of the newest of its views, from when this tab last received it. It looks twice a second and
 * re-renders only when its state or age text would change, so a live book costs no frame (the book's StalenessBadge and
 * the order form's hold both read it). Of the worker's health
 * it reads only the two figures it needs, so a new health snapshot every 2 s re-renders nothing by itself.
 */
export function useBookFreshness(market: Market, symbol: string): { state: StalenessState; ageMs: number | null } {
  const endpointId = market === 'spot' ? 'spot' : 'usdmPublic';
  const endpoint = useStore(healthStore, (s) => s.health?.endpoints.find((e) => e.id === endpointId)?.state);
  const staleTopic = useStore(healthStore, (s) => s.health?.staleTopics.includes(`book:${market}:${symbol}`) ?? false);
  useHealthRefresh();
  const [sample, setSample] = useState<Sample>(() => ({ now: Date.now(), receivedAt: null, synced: undefined }));

  useEffect(() => {
    const prefix = `book:${market}:${symbol}:`;
    const views = (books: Record<string, unknown>) => Object.keys(books).filter((key) => key.startsWith(prefix));
    let last = new Map(views(bookStore.getState().books).map((key) => [key, bookStore.getState().books[key]]));
    let receivedAt: number | null = last.size > 0 ? Date.now() : null;
    let synced: boolean | undefined = [...last.values()].some((b) => b?.synced === true) || (last.size > 0 ? false : undefined);
    const unsubscribe = bookStore.subscribe((s) => {
      const next = new Map(views(s.books).map((key) => [key, s.books[key]]));
      for (const [key, book] of next) {
        if (book !== last.get(key)) {
          receivedAt = Date.now();
          synced = book?.synced;
        }
      }
      last = next;
    });
    const take = () =>
      setSample((prev) => {
        const next = { now: Date.now(), receivedAt, synced };
        return shown(prev) === shown(next) ? prev : next;
      });
    take();
    const timer = setInterval(take, TICK_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [market, symbol]);

  return staleness({ ...sample, endpoint, staleTopic });
}

/**
 * Order entry waits while the book on screen cannot be trusted (spec §4 "Live market connection"): its connection is
 * down (reconnecting or offline) or the book is out of sync after a loss. A quiet book on a live connection is not
 * held: its socket answers the liveness pings (spec §4), and an illiquid pair may rightly send nothing for a while.
 */
export function holdsOrderEntry(state: StalenessState): boolean {
  return state === 'offline' || state === 'resyncing';
}

function shown(sample: Sample): string {
  const { state, ageMs } = staleness({ ...sample, endpoint: undefined, staleTopic: false });
  return `${state}:${JSON.stringify(ageText(ageMs))}`;
}
