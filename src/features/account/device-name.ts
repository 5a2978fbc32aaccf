import type { TFunction } from 'i18next';

// i18n namespaces: account

/**
 * A device in the reader's language from the fields the server sends (server/identity/device.ts): the browser's and
 * the system's product names stay as they are, the words around them and the unknown parts are translated. The raw
 * User-Agent is the client's own claim and is never shown.
 */
export function deviceName(t: TFunction<'account'>, device: { browser: string | null; os: string | null }): string {
  if (device.browser === null && device.os === null) return t('device.unknown');
  return t('device.on', { browser: device.browser ?? t('device.unknownBrowser'), os: device.os ?? t('device.unknownOs') });
}

const SOURCES = ['web', 'h5', 'app'] as const;

/** The sign-in's `source` header (spec §7: the web app sends 'web') in words; anything else is "other". */
export function sourceName(t: TFunction<'account'>, source: string | null): string {
  if (source === null) return '--';
  const known = SOURCES.find((s) => s === source);
  return t(`history.sources.${known ?? 'other'}`);
}
