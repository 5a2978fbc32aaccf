import { describe, expect, it } from 'vitest';
import { languageRedirect, safeRedirectTarget, withLanguage } from './paths.ts';

describe('languageRedirect (spec §2)', () => {
  it('leaves supported prefixes alone', () => {
    expect(languageRedirect('/zh-HK/home', 'zh-HK')).toBeNull();
    expect(languageRedirect('/en-US/wallet/overview', 'zh-HK')).toBeNull();
  });
  it('sends the empty path to the remembered language home', () => {
    expect(languageRedirect('/', 'en-US')).toBe('/en-US/home');
    expect(languageRedirect('', 'zh-HK')).toBe('/zh-HK/home');
  });
  it('replaces an unsupported or malformed language with zh-HK, keeping the rest', () => {
    expect(languageRedirect('/fr-FR/wallet/overview', 'en-US')).toBe('/zh-HK/wallet/overview');
    expect(languageRedirect('/en-us/market', 'en-US')).toBe('/zh-HK/market');
    expect(languageRedirect('/en/market', 'en-US')).toBe('/zh-HK/market');
    expect(languageRedirect('/zh_HK', 'en-US')).toBe('/zh-HK/home');
  });
  it('prefixes a path that has no language segment', () => {
    expect(languageRedirect('/wallet/overview', 'en-US')).toBe('/en-US/wallet/overview');
  });
});

describe('withLanguage', () => {
  it('rewrites the prefix', () => {
    expect(withLanguage('/zh-HK/trading/BTCUSDT', 'en-US')).toBe('/en-US/trading/BTCUSDT');
    expect(withLanguage('/zh-HK', 'en-US')).toBe('/en-US/home');
    expect(withLanguage('/market', 'zh-HK')).toBe('/zh-HK/market');
  });
});

describe('safeRedirectTarget', () => {
  const fb = '/zh-HK/home';
  it('accepts same-origin paths with query and hash', () => {
    expect(safeRedirectTarget('/zh-HK/wallet/overview?x=1#y', fb)).toBe('/zh-HK/wallet/overview?x=1#y');
  });
  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    'wallet',
    '/' + 'a'.repeat(3000),
  ])('refuses %s', (raw) => {
    expect(safeRedirectTarget(raw, fb)).toBe(fb);
  });
});
