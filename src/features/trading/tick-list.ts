import { useImperativeHandle, useRef, type Ref, type RefObject } from 'react';

/**
 * A list that takes market ticks between its renders (the book's sides, the recent trades; the viewed
 * tab's main-thread budget): its parent renders it only when its shape changes, and hands every tick to `update` from the
 * store's subscription (useOrderBookTicks, useTradesTicks), without rendering itself either. The list then writes its
 * text nodes and draws, without a React render.
 */
export interface TickHandle<T> {
  update(data: T): void;
}

/**
 * The data a tick list shows: `given` when the parent has just rendered the list with it, or else (a render of the
 * list's own, on scroll, keeps the props it had) the last tick handed to `update`, which sets `.current`.
 */
export function useTickData<T>(given: T): RefObject<T> {
  const latest = useRef(given);
  const rendered = useRef(given);
  if (rendered.current !== given) rendered.current = latest.current = given;
  return latest;
}

/** Exposes `update` (the latest render's closure) as the list's handle. */
export function useTickHandle<T>(live: Ref<TickHandle<T>> | undefined, update: (data: T) => void): void {
  const current = useRef(update);
  current.current = update;
  useImperativeHandle(live, () => ({ update: (data) => current.current(data) }), []);
}
