import { createApiClient } from './client.ts';

export { ApiError, isApiError, type ApiErrorKind, type ApiErrorInit } from './api-error.ts';
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
export { createApiClient, type ApiClient, type ApiConfig, type ApiStats, type CallOptions, type Params, type ParamValue } from './client.ts';
export { DEDUP_WINDOW_MS, createDeduper, type Deduper } from './dedup.ts';
export { parseEnvelope, readErrorEnvelope, type Envelope } from './envelope.ts';
export { saveBlob } from './save-file.ts';
export { DEFAULT_TIMEOUTS, SECURITY_PATHS, normalisePath, timeoutKindFor, type TimeoutKind, type Timeouts } from './timeouts.ts';

/**
 * The app's client. The app shell wires it once at start-up, e.g.
 * `configureApi({ getToken, getLanguage, onUnauthorized, t })`; it never imports the session or router.
 */
export const api = createApiClient();
export const configureApi = api.configure;
export const apiGet = api.get;
export const apiPost = api.post;
export const download = api.download;
export const apiStats = api.stats;
export const resetApi = api.reset;
