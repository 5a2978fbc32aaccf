/**
 * The lightning terminal's keyboard shortcuts (spec §7 get/updateKeyBoardConfig): buy, sell, close,
 * cancel all, recentre the ladder and size presets. The server keeps the JSON text the client sends
 * (configData).
 */
export const HOTKEY_ACTIONS = ['buy', 'sell', 'close', 'cancelAll', 'recentre', 'size1', 'size2', 'size3'] as const;
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

export interface KeyboardConfig {
  /** shortcuts on or off */
  enabled: boolean;
  keys: Record<HotkeyAction, string>;
}

export const DEFAULT_KEYBOARD: KeyboardConfig = {
  enabled: true,
  keys: { buy: 'b', sell: 's', close: 'c', cancelAll: 'x', recentre: 'r', size1: '1', size2: '2', size3: '3' },
};

/** A key the terminal accepts: one letter or digit (no modifiers: they belong to the browser). */
export function isValidKey(key: string): boolean {
  return /^[a-z0-9]$/.test(key);
}

/** Reads configData; anything missing or malformed falls back to the defaults, key by key. */
export function parseKeyboardConfig(configData: string | null | undefined): KeyboardConfig {
  if (!configData) return DEFAULT_KEYBOARD;
  let raw: unknown;
  try {
    raw = JSON.parse(configData);
  } catch {
    return DEFAULT_KEYBOARD;
  }
  if (raw === null || typeof raw !== 'object') return DEFAULT_KEYBOARD;
  const obj = raw as { enabled?: unknown; keys?: Record<string, unknown> };
  const keys = { ...DEFAULT_KEYBOARD.keys };
  const used = new Set<string>();
  for (const action of HOTKEY_ACTIONS) {
    const value = obj.keys?.[action];
    if (typeof value === 'string' && isValidKey(value.toLowerCase()) && !used.has(value.toLowerCase())) keys[action] = value.toLowerCase();
    used.add(keys[action]);
  }
  // A default that collides with a custom key leaves the set ambiguous: start from the defaults then.
  if (new Set(Object.values(keys)).size !== HOTKEY_ACTIONS.length) return { ...DEFAULT_KEYBOARD, enabled: obj.enabled !== false };
  return { enabled: typeof obj.enabled === 'boolean' ? obj.enabled : true, keys };
}

export function serializeKeyboardConfig(config: KeyboardConfig): string {
  return JSON.stringify(config);
}

/** Binds `key` to `action`; a key already bound elsewhere is swapped so no two actions share one. */
export function rebind(config: KeyboardConfig, action: HotkeyAction, key: string): KeyboardConfig {
  const k = key.toLowerCase();
  if (!isValidKey(k)) return config;
  const keys = { ...config.keys };
  const other = HOTKEY_ACTIONS.find((a) => a !== action && keys[a] === k);
  if (other) keys[other] = keys[action];
  keys[action] = k;
  return { ...config, keys };
}

export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  target: unknown;
}

/** The action a key press asks for, or null: typing in a field, modifiers and auto-repeat never trade. */
export function actionFor(config: KeyboardConfig, event: KeyEventLike): HotkeyAction | null {
  if (!config.enabled || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const target = event.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = target?.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return null;
  const key = event.key.toLowerCase();
  return HOTKEY_ACTIONS.find((a) => config.keys[a] === key) ?? null;
}
