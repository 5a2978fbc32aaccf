/** Bybit's hosts as the simulator mounts them under its prefix (/sim/api.bybit.com/…, /sim/stream.bybit.com/…). */
export const BYBIT_REST_HOST = 'api.bybit.com';
export const BYBIT_WS_HOST = 'stream.bybit.com';
