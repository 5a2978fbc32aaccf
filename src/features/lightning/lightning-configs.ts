import Decimal from 'decimal.js';

/**
 * One saved one-click configuration (spec §3 "Lightning config": data list, activeIndex, switchOpen,
 * current config). The server stores the object the client sends; this is the client's shape.
 */
export interface LightningConfig {
  name: string;
  /** default order volume, base asset */
  volume: string;
  /** size presets for the hotkeys size1..size3 */
  sizes: [string, string, string];
  /** one-click orders without a confirmation */
  switchOpen: boolean;
}

export interface SavedConfig {
  id: string;
  config: LightningConfig;
}

const PLAIN = /^(?:\d+\.?\d*|\.\d+)$/;

export type ConfigError = 'name' | 'volume' | 'sizes';

/** A config a person typed: a name of 1 to 20 characters, positive plain decimals of at most 8 places. */
export function validateConfig(c: LightningConfig): ConfigError | null {
  const name = c.name.trim();
  if (name.length < 1 || name.length > 20) return 'name';
  const ok = (v: string) => PLAIN.test(v.trim()) && new Decimal(v.trim()).gt(0) && new Decimal(v.trim()).decimalPlaces() <= 8;
  if (!ok(c.volume)) return 'volume';
  if (!c.sizes.every(ok)) return 'sizes';
  return null;
}

/** Reads one saved entry; a malformed one (another client's shape) is skipped. */
export function parseSaved(row: { id: string; config: unknown }): SavedConfig | null {
  const c = row.config as Partial<LightningConfig> | null;
  if (!c || typeof c.name !== 'string' || typeof c.volume !== 'string') return null;
  const sizes = Array.isArray(c.sizes) && c.sizes.length === 3 && c.sizes.every((s) => typeof s === 'string') ? (c.sizes as [string, string, string]) : ([c.volume, c.volume, c.volume] as [string, string, string]);
  return { id: row.id, config: { name: c.name, volume: c.volume, sizes, switchOpen: c.switchOpen === true } };
}

/** spec §3 activeIndex: the remembered configuration's position, else the first, else -1. */
export function activeIndexOf(list: SavedConfig[], activeId: string | null): number {
  if (list.length === 0) return -1;
  const i = list.findIndex((c) => c.id === activeId);
  return i >= 0 ? i : 0;
}
