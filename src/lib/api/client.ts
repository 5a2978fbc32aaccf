import ky, { isTimeoutError } from 'ky';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { showToast } from '../toast/index.ts';
import { ApiError, type ApiErrorInit, type ApiErrorKind } from './api-error.ts';
import {
  createLocaleTranslate,
  ERROR_KEYS,
  messageForCode,
  SILENT_CODES,
  SUCCESS_CODE,
  UNAUTHORIZED_CODE,
  type Translate,
} from './catalogue.ts';
import { createDeduper } from './dedup.ts';
import { parseEnvelope, readErrorEnvelope, type Envelope } from './envelope.ts';
import { saveBlob } from './save-file.ts';
import { DEFAULT_TIMEOUTS, timeoutKindFor, type TimeoutKind, type Timeouts } from './timeouts.ts';

export interface ApiConfig {
  /** spec §7: calls go to the provider's API; `/api` unless configured. */
  baseUrl: string;
  getToken: () => string | null | undefined;
  getLanguage: () => string;
  /** Clears the session and sends the person to login; called once per expired session (spec §8). */
  onUnauthorized: () => void;
  notify: (toast: { severity: 'error'; text: string }) => void;
  /** Translation for the errors namespace; the locale files are read directly when not given. */
  t: Translate | undefined;
  now: () => number;
  timeouts: Timeouts;
  saveFile: (blob: Blob, fileName: string) => void;
}

export type ParamValue = string | number | boolean | null | undefined;
export type Params = Readonly<Record<string, ParamValue>> | URLSearchParams;

export interface CallOptions {
  /** spec §7 "(no token)": no Authorization header. */
  noToken?: boolean;
  /** Overrides the time-out picked from the path (spec §7: 20 s for captcha and security calls). */
  timeoutKind?: TimeoutKind;
  searchParams?: Params;
  signal?: AbortSignal;
  /** No error toast (the caller shows the error itself); 401 handling still applies. */
  silent?: boolean;
}

export interface ApiStats {
  /** Replies rejected at the edge because they were not a `{ code, msg, data }` envelope. */
  invalidReplies: number;
}

/**
 * Whether the provider API answers: `down` from a call that got no answer (or the gateway's 502/503/504) until a
 * call gets one. While it is down the screens show one page-level notice (ApiOfflineBanner), and the same transport
 * error is not toasted again for every poll (spec §8 "Transport errors": the first one is).
 */
export interface Reachability {
  down: boolean;
  /** when it went down (the client's clock), null while up */
  since: number | null;
}

export interface ApiClient {
  configure: (config: Partial<ApiConfig>) => void;
  get: <T>(path: string, options?: CallOptions) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: CallOptions) => Promise<T>;
  download: (path: string, form: Params, fileName: string, options?: CallOptions) => Promise<void>;
  /** A file as the raw request body with its own type (spec §5: KYC files go byte for byte, uncompressed). */
  upload: <T>(path: string, file: Blob, contentType: string, options?: CallOptions) => Promise<T>;
  stats: Readonly<ApiStats>;
  reachability: StoreApi<Reachability>;
  /** Forgets de-duplication and the 401 latch (after a fresh login, or between tests). */
  reset: () => void;
}

const DEFAULT_CONFIG: ApiConfig = {
  baseUrl: '/api',
  getToken: () => undefined,
  getLanguage: () => 'zh-HK', // spec §1: zh-HK is the default
  onUnauthorized: () => {},
  notify: (toast) => {
    showToast(toast);
  },
  t: undefined,
  now: () => Date.now(),
  timeouts: DEFAULT_TIMEOUTS,
  saveFile: saveBlob,
};

const GATEWAY_DOWN = new Set([502, 503, 504]);

/** What a call sends: JSON (most calls), a form (downloads, spec §7) or a file as the raw body (uploads). */
type Body = { json: unknown } | { form: URLSearchParams } | { file: Blob; contentType: string };

function toSearchParams(params: Params): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) out.append(key, String(value));
  }
  return out;
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function createApiClient(initial: Partial<ApiConfig> = {}): ApiClient {
  const config: ApiConfig = { ...DEFAULT_CONFIG, ...initial };
  const stats: ApiStats = { invalidReplies: 0 };
  const deduper = createDeduper(() => config.now());
  const fallbackT = createLocaleTranslate(() => config.getLanguage());
  const t: Translate = (key, vars) => (config.t ?? fallbackT)(key, vars);
  const reachability = createStore<Reachability>(() => ({ down: false, since: null }));

  /** The API answered (or not): a transport error while it is already down is not toasted again. */
  function reached(up: boolean): boolean {
    const { down } = reachability.getState();
    if (up && down) reachability.setState({ down: false, since: null });
    else if (!up && !down) reachability.setState({ down: true, since: config.now() });
    return down;
  }

  // spec §8: 401 → one toast and one trip to login however many calls fail together, never a loop.
  // The latch holds until a call goes out with a different, non-empty token (a new session).
  let unauthorizedLatched = false;
  let latchedToken = '';

  const currentToken = (): string => config.getToken() ?? '';

  function notifyError(text: string): void {
    if (deduper.admit(text)) config.notify({ severity: 'error', text });
  }

  function fail(kind: ApiErrorKind, message: string, path: string, extra: Omit<ApiErrorInit, 'kind' | 'message' | 'path'> = {}): ApiError {
    return new ApiError({ kind, message, path, ...extra });
  }

  function onUnauthorizedReply(requestToken: string): void {
    if (unauthorizedLatched) return;
    // A reply to a call made with an older session says nothing about the current one.
    if (requestToken !== currentToken()) return;
    unauthorizedLatched = true;
    latchedToken = requestToken;
    notifyError(t(ERROR_KEYS.loginAgain));
    config.onUnauthorized();
  }

  /** spec §8 "Reply codes" for a non-200 envelope: toast (unless silent) and the typed rejection. */
  function envelopeError(envelope: Envelope, path: string, requestToken: string, options: CallOptions, status: number): ApiError {
    const { code, msg, data } = envelope;
    if (code === UNAUTHORIZED_CODE) {
      onUnauthorizedReply(requestToken);
      return fail('unauthorized', t(ERROR_KEYS.loginAgain), path, { code, msg, data, status });
    }
    const message = messageForCode(code, msg, t);
    if (!SILENT_CODES.has(code) && !options.silent) notifyError(message);
    return fail('business', message, path, { code, msg, data, status });
  }

  async function send(
    method: 'get' | 'post',
    path: string,
    options: CallOptions,
    body: Body | undefined,
  ): Promise<{ response: Response; requestToken: string }> {
    const requestToken = currentToken();
    if (unauthorizedLatched && requestToken !== '' && requestToken !== latchedToken) unauthorizedLatched = false;
    // spec §7: every call sends source 'web', Accept-Language and a bearer token unless marked no-token.
    const headers: Record<string, string> = { source: 'web', 'Accept-Language': config.getLanguage() };
    if (!options.noToken && requestToken !== '') headers['Authorization'] = `Bearer ${requestToken}`;
    if (body && 'file' in body) headers['Content-Type'] = body.contentType;
    const kind = options.timeoutKind ?? (body && 'file' in body ? 'upload' : timeoutKindFor(path));
    const response = await ky(joinUrl(config.baseUrl, path), {
      method,
      headers,
      timeout: config.timeouts[kind],
      retry: 0, // a failed call is reported, never silently repeated (payments, captchas)
      throwHttpErrors: false,
      ...(options.searchParams ? { searchParams: toSearchParams(options.searchParams) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(body && 'json' in body ? { json: body.json } : {}),
      ...(body && 'form' in body ? { body: body.form } : {}),
      ...(body && 'file' in body ? { body: body.file } : {}),
    });
    return { response, requestToken };
  }

  /** spec §8 "Transport errors": network, time-out; each translated, as an error toast. */
  function transportError(error: unknown, path: string, options: CallOptions): ApiError {
    if (options.signal?.aborted) return fail('aborted', String(options.signal.reason ?? 'aborted'), path, { cause: error });
    const timedOut = isTimeoutError(error);
    const message = t(timedOut ? ERROR_KEYS.timeout : ERROR_KEYS.network);
    const wasDown = timedOut ? false : reached(false);
    if (!options.silent && !wasDown) notifyError(message);
    return fail(timedOut ? 'timeout' : 'network', message, path, { cause: error });
  }

  async function call<T>(method: 'get' | 'post', path: string, options: CallOptions, body: Body | undefined): Promise<T> {
    let sent: { response: Response; requestToken: string };
    let text: string;
    try {
      sent = await send(method, path, options, body);
      text = await sent.response.text();
    } catch (error) {
      throw transportError(error, path, options);
    }
    const { response, requestToken } = sent;
    const envelope = parseEnvelope(text);
    // A gateway's 502/503/504 without an envelope: the API behind it is gone as well.
    const gatewayDown = !envelope && GATEWAY_DOWN.has(response.status);
    const wasDown = reached(!gatewayDown);
    if (envelope) {
      if (envelope.code === SUCCESS_CODE) return envelope.data as T;
      throw envelopeError(envelope, path, requestToken, options, response.status);
    }
    if (!response.ok) {
      // spec §8 "Status errors: a message with the code".
      const message = t(ERROR_KEYS.status, { code: response.status });
      if (!options.silent && !(gatewayDown && wasDown)) notifyError(message);
      throw fail('http', message, path, { code: response.status, status: response.status });
    }
    stats.invalidReplies += 1;
    const message = t(ERROR_KEYS.unknown);
    if (!options.silent) notifyError(message);
    throw fail('invalid', message, path, { status: response.status });
  }

  /** spec §7 "Downloads": form-encoded POST that saves the file, or shows the JSON error body's message. */
  async function download(path: string, form: Params, fileName: string, options: CallOptions = {}): Promise<void> {
    const failed = (cause: unknown): ApiError => {
      const message = t(ERROR_KEYS.downloadFailed);
      if (!options.silent) notifyError(message);
      return fail('download', message, path, { cause });
    };
    let sent: { response: Response; requestToken: string };
    let blob: Blob;
    try {
      sent = await send('post', path, options, { form: toSearchParams(form) });
      blob = await sent.response.blob();
    } catch (error) {
      if (options.signal?.aborted) throw transportError(error, path, options);
      throw failed(error);
    }
    const { response, requestToken } = sent;
    const envelope = await readErrorEnvelope(blob, response.headers.get('content-type'));
    if (envelope && envelope.code !== SUCCESS_CODE) throw envelopeError(envelope, path, requestToken, options, response.status);
    // A success envelope or an HTTP error is not a file either.
    if (envelope || !response.ok) throw failed(new Error(`HTTP ${response.status}`));
    config.saveFile(blob, fileName);
  }

  return {
    configure(next) {
      Object.assign(config, next);
    },
    get: <T>(path: string, options: CallOptions = {}) => call<T>('get', path, options, undefined),
    // spec §7: POST with a JSON body; some calls have none (e.g. listAllExchangeConfig).
    post: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      call<T>('post', path, options, body === undefined ? undefined : { json: body }),
    download,
    reachability,
    upload: <T>(path: string, file: Blob, contentType: string, options: CallOptions = {}) => call<T>('post', path, options, { file, contentType }),
    stats,
    reset() {
      deduper.reset();
      unauthorizedLatched = false;
      latchedToken = '';
    },
  };
}
