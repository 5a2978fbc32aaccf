import { describe, expect, it } from 'vitest';
import { createLocaleTranslate, ERROR_KEYS, messageForCode, SILENT_CODES } from './catalogue.ts';
import enUS from '../../../locales/en-US/errors.json';
import zhHK from '../../../locales/zh-HK/errors.json';

describe('catalogue (spec §8)', () => {
  const t = createLocaleTranslate(() => 'en-US');

  it('maps 401, 403, 404 to the table and others to the server msg or the default', () => {
    expect(messageForCode(401, 'x', t)).toBe(enUS.catalogue.authFailed);
    expect(messageForCode(403, 'x', t)).toBe(enUS.catalogue.noPermission);
    expect(messageForCode(404, 'x', t)).toBe(enUS.catalogue.notFound);
    expect(messageForCode(500, 'Server busy', t)).toBe('Server busy');
    expect(messageForCode(500, '', t)).toBe(enUS.catalogue.unknown);
  });

  it('lists exactly the silent codes of the spec', () => {
    expect([...SILENT_CODES].sort()).toEqual([45535, 45540]);
  });

  it('falls back to zh-HK for an unknown language and fills placeholders', () => {
    const zh = createLocaleTranslate(() => 'fr-FR');
    expect(zh(ERROR_KEYS.timeout)).toBe(zhHK.transport.timeout);
    expect(zh(ERROR_KEYS.status, { code: 503 })).toContain('503');
    expect(t(ERROR_KEYS.status, { code: 503 })).toContain('503');
  });

  it('every key the client uses exists in both locales, with the same placeholders', () => {
    for (const key of Object.values(ERROR_KEYS)) {
      const en = createLocaleTranslate(() => 'en-US')(key);
      const zh = createLocaleTranslate(() => 'zh-HK')(key);
      expect(en, key).not.toBe(key);
      expect(zh, key).not.toBe(key);
      expect(zh, key).not.toBe(en);
      expect(zh.match(/\{\{\w+\}\}/g), key).toEqual(en.match(/\{\{\w+\}\}/g));
    }
  });
});
