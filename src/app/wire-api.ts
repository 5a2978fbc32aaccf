import { ERRORS_NAMESPACE, configureApi } from '../lib/api/index.ts';
import { config } from '../lib/config/index.ts';
import { i18next, normaliseLanguage } from '../lib/i18n/index.ts';
import { session } from '../lib/session/index.ts';
import { showToast } from '../lib/toast/index.ts';
import { safeRedirectTarget } from './paths.ts';

/** A 401 ended the session (spec §8), and nobody has signed in since. */
let endedByServer = false;

/** Whether the session was ended by the server (a 401: the idle time-out, a revoked session) since the last sign-in. */
export const sessionEndedByServer = (): boolean => endedByServer;

/**
 * Connects the API client to the session, the interface language, the toasts and the router
 * (spec §8: 401 → 'please log in again', session cleared, one redirect to login).
 */
export function wireApi(navigate: (to: string) => void): void {
  session.subscribe((state) => {
    if (state.token !== null) endedByServer = false;
  });
  configureApi({
    baseUrl: config.apiBaseUrl,
    getToken: () => session.getState().token,
    getLanguage: () => normaliseLanguage(i18next.language),
    notify: (toast) => showToast(toast),
    t: (key, vars) => i18next.t(key, { ns: ERRORS_NAMESPACE, ...vars }),
    onUnauthorized: () => {
      // Before the sign-out: a signed-in page's guard (RequireAuth) redirects to sign-in at once, and its redirect
      // must say the session expired as well, or it replaces this one without the notice.
      endedByServer = true;
      session.actions.signOut();
      const language = normaliseLanguage(i18next.language);
      const here = safeRedirectTarget(window.location.pathname + window.location.search, '');
      const onLogin = /^\/[^/]+\/login(\/|$)/.test(window.location.pathname);
      if (onLogin) return;
      // `expired=1`: the sign-in page says the session ended (the idle time-out, spec §8) instead of a bare form.
      navigate(`/${language}/login?${here ? `redirect=${encodeURIComponent(here)}&` : ''}expired=1`);
    },
  });
}
