/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_MARKET_SOURCE?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}
