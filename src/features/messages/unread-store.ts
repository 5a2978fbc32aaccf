import { createStore } from 'zustand/vanilla';
import { messagesApi } from './api.ts';

/**
 * The signed-in user's unread message count, for the header's badge (spec §2 message). Refreshed on every
 * navigation and, while a page stays open, at a modest interval (contract/messages-rules.ts UNREAD_POLL_MS);
 * the message page writes the count each of its calls returns, so marking read lowers the badge at once.
 */
export const unreadStore = createStore<{ unread: number | null }>(() => ({ unread: null }));

let inFlight: Promise<void> | null = null;

export function setUnread(unread: number | null): void {
  unreadStore.setState({ unread });
}

/** Asks the sandbox for the count; calls made while one is out share it. */
export function refreshUnread(): Promise<void> {
  inFlight ??= messagesApi
    .unreadCount()
    .then(
      (reply) => setUnread(reply.unread),
      () => undefined,
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
