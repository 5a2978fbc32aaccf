import { looksLike } from '../../../contract/chains.ts';

/**
 * Address poisoning: the saved entries that `address` matches only at the start and the end (contract/
 * chains.ts `looksLike`), the shape of a stranger's vanity address made to pass a glance.
 */
export function lookalikes<T extends { address: string }>(address: string, saved: readonly T[]): T[] {
  const typed = address.trim();
  return typed === '' ? [] : saved.filter((entry) => looksLike(typed, entry.address));
}
