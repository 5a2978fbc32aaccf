import { useStore } from 'zustand';
import { session } from '../../lib/session/index.ts';
import { browserStorage } from '../../lib/storage/index.ts';
import { createFavourites, parseSelectionConfig, serialiseSelectionConfig, type Favourites } from './favourites.ts';
import { getSelectionConfig, selectionRemote, updateSelectionConfig } from './selection-api.ts';

/** The tab's favourites: local (symbolData) when signed out, the server's selection config when signed in. */
export const favourites: Favourites = createFavourites(browserStorage());

let syncedToken: string | null = null;
let started = false;

async function connect(token: string): Promise<void> {
  try {
    const reply = await getSelectionConfig();
    if (session.getState().token !== token) return;
    const fromServer = reply.configData === null ? null : parseSelectionConfig(reply.configData);
    if (fromServer === null) {
      // No (valid) server config yet: the local list becomes the server's, in the only accepted version.
      const local = favourites.store.getState().symbols;
      await updateSelectionConfig(serialiseSelectionConfig(local));
      favourites.connect(selectionRemote);
    } else {
      favourites.connect(selectionRemote, reply.configData);
    }
  } catch {
    // The server is unreachable: keep the local list; the next sign-in tries again.
    syncedToken = null;
  }
}

/** Follow the session: connect the remote on sign-in, go local on sign-out. Idempotent. */
export function startFavouritesSync(): void {
  if (started) return;
  started = true;
  const follow = () => {
    const { token, isLogin } = session.getState();
    if (isLogin && token !== null) {
      if (syncedToken === token) return;
      syncedToken = token;
      void connect(token);
    } else if (syncedToken !== null) {
      syncedToken = null;
      favourites.connect(null);
    }
  };
  session.subscribe(follow);
  follow();
}

export function useFavouriteSymbols(): string[] {
  return useStore(favourites.store, (s) => s.symbols);
}
