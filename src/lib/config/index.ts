// Application configuration. The sandbox is the default backend and market source; a deployment
// overrides these at build time through Vite env variables (VITE_*).
export interface AppConfig {
  /** Translation key of the document title (spec §2 "The document title comes from configuration"). */
  titleKey: string;
  /** Base URL of the provider API of spec §7's calls, from configuration; default /api. */
  apiBaseUrl: string;
  /**
   * Where market data comes from: the sandbox simulator (same origin, every venue), Binance itself (`binance`), or
   * Binance, OKX and Bybit themselves (`live`).
   */
  marketSource: 'sandbox' | 'binance' | 'live';
  /** Support contact shown on the no-permission screen (spec §2). */
  supportEmail: string;
  /** spec §2 "Lazy-loaded chunks have a 120 s load time-out". */
  chunkTimeoutMs: number;
}

const env = import.meta.env;

export const config: AppConfig = {
  titleKey: 'app.title',
  apiBaseUrl: env.VITE_API_BASE_URL ?? '/api',
  marketSource: env.VITE_MARKET_SOURCE === 'binance' || env.VITE_MARKET_SOURCE === 'live' ? env.VITE_MARKET_SOURCE : 'sandbox',
  supportEmail: env.VITE_SUPPORT_EMAIL ?? 'support@example.com',
  chunkTimeoutMs: 120_000,
};
