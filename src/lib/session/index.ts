import { useStore } from 'zustand';
import { createSessionStore, type SessionState } from './session-store.ts';
import { connectSessionReads } from './session-reads.ts';
import { cookieTokenStorage, localTokenStorage } from './token-storage.ts';

export * from './session-store.ts';
export * from './token-storage.ts';
export { selectedKeyId, sessionExchangeCode } from './session-reads.ts';

/** A desktop client wrapper marks itself; then the token lives in local storage (spec §4). */
const isClientApp = typeof window !== 'undefined' && (window as { __TD_CLIENT__?: boolean }).__TD_CLIENT__ === true;

export const session = createSessionStore({
  tokenStorage: isClientApp ? localTokenStorage() : cookieTokenStorage(),
  storage: localStorage,
  reload: () => window.location.reload(),
});
connectSessionReads({ keyId: () => session.getState().keyId, exchangeCode: () => session.getState().exchangeCode });

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(session, selector);
}
