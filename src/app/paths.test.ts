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

  // Inputs that start with one slash but that a browser, a router or a second decoding turns into another origin.
  it.each([
    '/..//evil.example',
    '/../..//evil.example/x',
    '/x/..//evil.example',
    '/./..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E/%2Fevil.example',
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%252f%252fevil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/..%2f..%2f/evil.example',
    '/\\evil.example',
    '/x/..\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/\r\n//evil.example',
    '/%00evil',
    '/%zz',
    '/',
    '/..',
    ' /zh-HK/home',
  ])('refuses %j', (raw) => {
    expect(safeRedirectTarget(raw, fb)).toBe(fb);
  });

  it.each([
    ['/zh-HK/trading/BTC%2FUSDT', '/zh-HK/trading/BTC%2FUSDT'],
    ['/zh-HK/wallet/../record?kind=coin', '/zh-HK/record?kind=coin'],
    ['/en-US/help?q=a//b#x//y', '/en-US/help?q=a//b#x//y'],
  ])('keeps the same-origin path %j as %j', (raw, expected) => {
    expect(safeRedirectTarget(raw, fb)).toBe(expected);
  });

  it('never returns anything but one slash followed by a non-slash, or the fallback', () => {
    const parts = ['/', '\\', '.', '..', '%2f', '%2e', '%5c', 'evil.example', '\t', '?', '#', 'a'];
    const pick = (n: number) => Array.from({ length: 5 }, (_, i) => parts[(n >> (i * 4)) % parts.length]).join('');
    for (let n = 0; n < 20_000; n++) {
      const raw = `/${pick(n * 7919)}`;
      const result = safeRedirectTarget(raw, fb);
      if (result !== fb) expect(result, raw).toMatch(/^\/[^/\\]/);
    }
  });
});
