import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookStore, useMarketHealth, type Market } from '../../market/index.ts';
import { ageLabel, ageText, staleness, type StalenessInput } from './staleness.ts';

const TICK_MS = 500;

/**
 * Data age of the book on screen, or why there is none (resyncing, offline). It watches the store
 * itself (no re-render per book) and looks twice a second, re-rendering only when its text would change:
 * a live book keeps one text (ageText), so a healthy badge costs no frame (main-thread budget).
 */
export function StalenessBadge({ bookId, market, symbol }: { bookId: string; market: Market; symbol: string }) {
  const { t } = useTranslation('trading');
  const { t: tr } = useTranslation('risk');
  const health = useMarketHealth();
  const [sample, setSample] = useState<{ now: number; receivedAt: number | null; synced: boolean | undefined }>(() => ({
    now: Date.now(),
    receivedAt: null,
    synced: undefined,
  }));

  useEffect(() => {
    let last = bookStore.getState().books[bookId];
    let receivedAt: number | null = last ? Date.now() : null;
    const unsubscribe = bookStore.subscribe((s) => {
      const book = s.books[bookId];
      if (book !== last) {
        last = book;
        receivedAt = book ? Date.now() : null;
      }
    });
    const take = () =>
      setSample((prev) => {
        const next = { now: Date.now(), receivedAt, synced: last?.synced };
        return shown(prev) === shown(next) ? prev : next;
      });
    take();
    const timer = setInterval(take, TICK_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [bookId]);

  const endpoint = health?.endpoints.find((e) => e.id === (market === 'spot' ? 'spot' : 'usdmPublic'));
  const { state, ageMs } = staleness({
    synced: sample.synced,
    receivedAt: sample.receivedAt,
    now: sample.now,
    endpoint: endpoint?.state,
    staleTopic: health?.staleTopics?.includes(`book:${market}:${symbol}`) ?? false,
  });
  const age = ageLabel(t, ageMs) ?? '';
  return (
    <span className={`td-stale td-stale--${state}`} data-testid="staleness-badge" data-state={state} role="status">
      {state === 'loading' ? tr('book.loading') : t(`staleness.${state}`, { age })}
    </span>
  );
}

/** What a sample shows, apart from the connection state (read at render): state and age text. */
function shown(sample: Pick<StalenessInput, 'now' | 'receivedAt' | 'synced'>): string {
  const { state, ageMs } = staleness({ ...sample, endpoint: undefined, staleTopic: false });
  return `${state}:${JSON.stringify(ageText(ageMs))}`;
}
