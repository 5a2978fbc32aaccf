import { api } from './app-client.ts';

export { ApiError, isApiError, type ApiErrorKind, type ApiErrorInit } from './api-error.ts';
export { errorData, type DataCode, type ErrorData } from './error-data.ts';
export { calls, createCalls, send } from './calls.ts';
export {
  ERROR_KEYS,
  ERRORS_NAMESPACE,
  SILENT_CODES,
  SUCCESS_CODE,
  UNAUTHORIZED_CODE,
  createLocaleTranslate,
  messageForCode,
  type ErrorKey,
  type Translate,
} from './catalogue.ts';
export { createApiClient, type ApiClient, type ApiConfig, type ApiStats, type CallOptions, type Params, type ParamValue, type Reachability } from './client.ts';
export { DEDUP_WINDOW_MS, createDeduper, type Deduper } from './dedup.ts';
export { parseEnvelope, readErrorEnvelope, type Envelope } from './envelope.ts';
export { saveBlob } from './save-file.ts';
export { DEFAULT_TIMEOUTS, SECURITY_PATHS, normalisePath, timeoutKindFor, type TimeoutKind, type Timeouts } from './timeouts.ts';

/**
 * The app's client. It never imports the session store or the router: the app shell wires it once, e.g.
 *
 *   configureApi({
 *     getToken: () => sessionStore.getState().token,
 *     getLanguage: () => i18next.language,
 *     onUnauthorized: () => { logout(); navigate(`/${lang}/login`); },   // called once per dead session
 *     t: (key, vars) => i18next.t(key, { ns: ERRORS_NAMESPACE, ...vars }), // optional
 *   });
 *
 * and mounts `<Toaster />` from src/lib/toast. Without `t`, messages come straight from
 * locales/<language>/errors.json. After a fresh login nothing needs resetting: the 401 latch opens when
 * a call goes out with the new token.
 */
export { api };
export const configureApi = api.configure;
export const download = api.download;
export const upload = api.upload;
export const apiStats = api.stats;
export const resetApi = api.reset;
/** Whether the provider API answers (the page-level notice while it does not). */
export const apiReachability = api.reachability;

/**
 * A client-chosen request id (the sandbox's shape: 8–64 of A–Z a–z 0–9 _ -): one per money movement the person
 * means, so a resend with it moves nothing twice (withdrawals, deposits declared, transfers, orders).
 */
export const newRequestId = (): string => crypto.randomUUID();
