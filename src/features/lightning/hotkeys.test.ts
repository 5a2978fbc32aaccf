import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYBOARD, actionFor, parseKeyboardConfig, rebind, serializeKeyboardConfig } from './hotkeys.ts';
import { activeIndexOf, parseSaved, validateConfig } from './lightning-configs.ts';

const press = (key: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; repeat: boolean; target: unknown }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  target: { tagName: 'BODY' },
  ...extra,
});

describe('keyboard config', () => {
  it('round-trips and falls back key by key', () => {
    const custom = rebind(DEFAULT_KEYBOARD, 'buy', 'q');
    expect(parseKeyboardConfig(serializeKeyboardConfig(custom))).toEqual(custom);
    expect(parseKeyboardConfig('not json')).toEqual(DEFAULT_KEYBOARD);
    expect(parseKeyboardConfig(null)).toEqual(DEFAULT_KEYBOARD);
    const partial = parseKeyboardConfig(JSON.stringify({ enabled: false, keys: { buy: 'K', close: 'ctrl+c', sell: 'k' } }));
    expect(partial).toEqual({ enabled: false, keys: { ...DEFAULT_KEYBOARD.keys, buy: 'k' } });
    // buy on 's' while sell keeps its default 's' would be ambiguous: defaults
    expect(parseKeyboardConfig(JSON.stringify({ keys: { buy: 's' } }))).toEqual(DEFAULT_KEYBOARD);
  });

  it('a config saved before the recentre shortcut existed gets its default key', () => {
    const saved = JSON.stringify({ enabled: true, keys: { buy: 'q', sell: 's', close: 'c', cancelAll: 'x', size1: '1', size2: '2', size3: '3' } });
    expect(parseKeyboardConfig(saved).keys).toEqual({ ...DEFAULT_KEYBOARD.keys, buy: 'q', recentre: 'r' });
  });

  it('rebinding a used key swaps it, so no two actions share one', () => {
    const next = rebind(DEFAULT_KEYBOARD, 'buy', 's');
    expect(next.keys.buy).toBe('s');
    expect(next.keys.sell).toBe('b');
    expect(rebind(DEFAULT_KEYBOARD, 'buy', 'F1')).toBe(DEFAULT_KEYBOARD);
  });

  it('maps presses to actions, never while typing, with modifiers, repeats or when off', () => {
    expect(actionFor(DEFAULT_KEYBOARD, press('b'))).toBe('buy');
    expect(actionFor(DEFAULT_KEYBOARD, press('S'))).toBe('sell');
    expect(actionFor(DEFAULT_KEYBOARD, press('2'))).toBe('size2');
    expect(actionFor(DEFAULT_KEYBOARD, press('x'))).toBe('cancelAll');
    expect(actionFor(DEFAULT_KEYBOARD, press('r'))).toBe('recentre');
    expect(actionFor(DEFAULT_KEYBOARD, press('z'))).toBeNull();
    expect(actionFor(DEFAULT_KEYBOARD, press('b', { target: { tagName: 'INPUT' } }))).toBeNull();
    expect(actionFor(DEFAULT_KEYBOARD, press('b', { ctrlKey: true }))).toBeNull();
    expect(actionFor(DEFAULT_KEYBOARD, press('b', { repeat: true }))).toBeNull();
    expect(actionFor({ ...DEFAULT_KEYBOARD, enabled: false }, press('b'))).toBeNull();
  });
});

describe('lightning configurations', () => {
  const good = { name: 'Scalp', volume: '0.01', sizes: ['0.01', '0.05', '0.1'] as [string, string, string], switchOpen: true };
  it('validates name, volume and presets', () => {
    expect(validateConfig(good)).toBeNull();
    expect(validateConfig({ ...good, name: ' ' })).toBe('name');
    expect(validateConfig({ ...good, volume: '-1' })).toBe('volume');
    expect(validateConfig({ ...good, volume: '0.000000001' })).toBe('volume');
    expect(validateConfig({ ...good, sizes: ['1', 'x', '2'] })).toBe('sizes');
  });
  it('reads saved entries and remembers the active one', () => {
    expect(parseSaved({ id: '3', config: good })).toEqual({ id: '3', config: good });
    expect(parseSaved({ id: '4', config: { foo: 1 } })).toBeNull();
    expect(parseSaved({ id: '5', config: { name: 'a', volume: '1' } })?.config.sizes).toEqual(['1', '1', '1']);
    const list = [parseSaved({ id: '1', config: good })!, parseSaved({ id: '2', config: good })!];
    expect(activeIndexOf(list, '2')).toBe(1);
    expect(activeIndexOf(list, '9')).toBe(0);
    expect(activeIndexOf([], null)).toBe(-1);
  });
});
