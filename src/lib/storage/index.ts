/**
 * The browser storage that spec §3 "Stored keys" and the local favourites list live in, or a memory stand-in
 * for the tab when the browser refuses storage (privacy modes throw on access): the page then works, and
 * forgets on reload.
 */
export function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
  }
}
