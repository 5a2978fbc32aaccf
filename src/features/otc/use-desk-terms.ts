import { useLoad } from '../../lib/use-load.ts';
import { otcApi, type DeskConfig, type UserTerms } from './api.ts';

/** The terms are read again this often: the desk opens and closes on its own clock (and a test may move it). */
const TERMS_REFRESH_MS = 30_000;

export interface DeskTerms {
  config: DeskConfig | null;
  /** The user's own minimum and quote limit (signed in only). */
  user: UserTerms | null;
  error: unknown;
  reload: () => void;
}

/** The desk's terms and whether it is open now (listBlockTradeConfigure), and signed in the user's (listUserBlockTradeConfigure). */
export function useDeskTerms(signedIn: boolean): DeskTerms {
  const config = useLoad(() => otcApi.config(), [], TERMS_REFRESH_MS);
  const user = useLoad(() => (signedIn ? otcApi.userTerms() : Promise.resolve(null)), [signedIn]);
  return { config: config.data, user: user.data, error: config.error ?? user.error, reload: config.reload };
}
