// Served with every response of the sandbox (server/README.md "Security notes").
// Scripts only from our origin (no inline scripts); styles allow inline because primereact and
// lightweight-charts set style attributes at run time. The app connects to its own origin (the provider API
// and the simulator's REST and websocket endpoints, same host) and, only when it was built for Binance's own
// market endpoints (VITE_MARKET_SOURCE=binance, or =live for Binance, OKX and Bybit; src/market/endpoints.ts), to
// exactly those hosts: never to any ws:/wss: host.

/** Binance's endpoints of src/market/endpoints.ts `binanceEndpoints`. */
export const binanceConnectSources = [
  'wss://stream.binance.com:9443',
  'wss://fstream.binance.com',
  'https://api.binance.com',
  'https://fapi.binance.com',
];

/**
 * The `live` source's endpoints (src/market/endpoints.ts `liveEndpoints`; its test checks the two agree): Binance's,
 * OKX's public and business sockets (one host) and REST, Bybit's spot and linear sockets (one host) and REST, Gate's
 * spot and futures sockets (two hosts) and REST, Bitget's public socket and REST.
 */
export const liveConnectSources = [
  ...binanceConnectSources,
  'wss://ws.okx.com:8443',
  'https://www.okx.com',
  'wss://stream.bybit.com',
  'https://api.bybit.com',
  'wss://api.gateio.ws',
  'wss://fx-ws.gateio.ws',
  'https://api.gateio.ws',
  'wss://ws.bitget.com',
  'https://api.bitget.com',
];

export type MarketSource = 'sandbox' | 'binance' | 'live';

/** MARKET_SOURCE / VITE_MARKET_SOURCE as the server reads it: `binance`, `live`, anything else the sandbox. */
export function marketSourceOf(value: string | undefined): MarketSource {
  return value === 'binance' || value === 'live' ? value : 'sandbox';
}

export interface HeaderOptions {
  /** The market endpoints the app was built for: `sandbox` (same origin, the default), `binance` or `live`. */
  marketSource?: MarketSource;
}

export function contentSecurityPolicy(options: HeaderOptions = {}): string {
  const sources = options.marketSource === 'binance' ? binanceConnectSources : options.marketSource === 'live' ? liveConnectSources : [];
  const connect = ["'self'", ...sources];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Script-URL, script and HTML sinks take only values from the app's one policy (src/lib/security/trusted-types.ts).
    "require-trusted-types-for 'script'",
    'trusted-types default',
  ].join('; ');
}

export function securityHeaders(options: HeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** HSTS, sent only over HTTPS (a browser ignores it over HTTP, and a plain-HTTP sandbox must stay reachable). */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';
